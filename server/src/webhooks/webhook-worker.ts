import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PollingLoop } from '../delivery/polling-loop.js';
import { type BackoffPolicy, retryDelayMs } from '../delivery/backoff.js';
import { type MetricsRecorder, NO_METRICS } from '../metrics/recorder.js';
import type { EndpointsRepository, SigningTarget } from './endpoints-repository.js';
import type { Attempt, OutboxRepository, OutboxRow } from './outbox-repository.js';
import { sendWebhook, type SendOutcome } from './webhook-sender.js';
import type { WebhookUrlPolicy } from './webhook-urls.js';

/** 5 s after the first failure, doubling up to an hour: 30 tries span about 20 hours. */
const WEBHOOK_BACKOFF: BackoffPolicy = { baseMs: 5_000, maxMs: 60 * 60_000 };
const WEBHOOK_MAX_ATTEMPTS = 30;

export interface WebhookWorkerOptions {
  /** How often an idle worker looks for due messages (other instances', retries, lapsed claims). */
  pollMs?: number;
  /** Messages claimed and sent at once. */
  batchSize?: number;
  backoff?: BackoffPolicy;
  /** Tries before a message is given up (`failed`). */
  maxAttempts?: number;
  metrics?: MetricsRecorder;
}

/**
 * Sends the webhook outbox: claims due messages, signs and POSTs them side by side, logs every try and
 * marks the delivered ones sent; a failure is retried with exponential back-off. Delivery is at least
 * once: a crash between a receiver's answer and the `sent` mark sends the message again (same id) once
 * the claim lapses, so receivers dedupe by `webhook-id`.
 */
export class WebhookWorker {
  readonly id = randomBytes(8).toString('hex');
  /** Longer than a batch can take (its sends run side by side), so a live worker keeps its claims. */
  readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly backoff: BackoffPolicy;
  private readonly maxAttempts: number;
  private readonly metrics: MetricsRecorder;
  private readonly loop: PollingLoop;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly endpoints: EndpointsRepository,
    private readonly policy: WebhookUrlPolicy & { timeoutMs: number },
    private readonly log: FastifyBaseLogger,
    options: WebhookWorkerOptions = {},
  ) {
    this.loop = new PollingLoop(() => this.drain(), options.pollMs ?? 1_000);
    this.batchSize = options.batchSize ?? 20;
    this.leaseMs = policy.timeoutMs * 2 + 5_000;
    this.backoff = options.backoff ?? WEBHOOK_BACKOFF;
    this.maxAttempts = options.maxAttempts ?? WEBHOOK_MAX_ATTEMPTS;
    this.metrics = options.metrics ?? NO_METRICS;
  }

  start(): void {
    this.loop.start();
  }

  /** Look for work now (after messages were queued on this instance). */
  wake(): void {
    this.loop.wake();
  }

  /** Claims no more; waits for the batch in flight (at most the send timeout) to be sent and recorded. */
  async stop(): Promise<void> {
    await this.loop.stop();
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        const batch = await this.outbox.claimDue(this.id, Date.now(), this.leaseMs, this.batchSize);
        if (batch.length > 0) await this.sendBatch(batch);
        if (batch.length < this.batchSize || this.loop.isStopped) return;
      }
    } catch (error) {
      // The claims lapse and a later poll (here or on another instance) sends the messages.
      this.log.error({ err: error }, 'webhooks: cannot read or update the outbox');
    }
  }

  private async sendBatch(batch: OutboxRow[]): Promise<void> {
    const targets = await this.endpoints.targets([...new Set(batch.map((row) => row.endpoint_id))]);
    const outcomes = await Promise.all(batch.map((row) => this.send(row, targets.get(row.endpoint_id))));
    const now = Date.now();
    const attempts: Attempt[] = batch.flatMap((row, i) =>
      targets.has(row.endpoint_id)
        ? [
            {
              messageId: row.id,
              endpointId: row.endpoint_id,
              eventType: row.event_type,
              attempt: row.attempts,
              statusCode: outcomes[i]!.statusCode,
              durationMs: outcomes[i]!.durationMs,
              error: outcomes[i]!.error,
            },
          ]
        : [],
    );
    // The sent mark first: once a receiver has the message, resending it is what must be avoided.
    await this.outbox.markSent(
      batch.filter((_, i) => outcomes[i]!.ok).map((row) => row.id),
      this.id,
      now,
    );
    await Promise.all(
      batch.map((row, i) => (outcomes[i]!.ok ? null : this.failed(row, outcomes[i]!.error ?? 'failed'))),
    );
    await this.outbox.logAttempts(attempts, now);
  }

  private async send(row: OutboxRow, target: SigningTarget | undefined): Promise<SendOutcome> {
    // Deleted with its endpoint while claimed: nothing to send (its row is gone too).
    if (!target) return { ok: false, statusCode: null, durationMs: 0, error: 'the endpoint was deleted' };
    try {
      return await sendWebhook(
        { url: target.url, secret: target.secret, messageId: row.id, payload: row.payload },
        this.policy,
      );
    } catch (error) {
      return { ok: false, statusCode: null, durationMs: 0, error: String(error) };
    }
  }

  private async failed(row: OutboxRow, error: string): Promise<void> {
    const giveUp = row.attempts >= this.maxAttempts;
    this.metrics.webhookFailed(giveUp ? 'gave_up' : 'retry');
    this.log.warn(
      { messageId: row.id, endpointId: row.endpoint_id, attempts: row.attempts, giveUp, error },
      giveUp ? 'webhooks: giving up on a message' : 'webhooks: send failed, will retry',
    );
    const retryAt = Date.now() + retryDelayMs(row.attempts, this.backoff);
    await this.outbox.markFailed(row.id, this.id, error, retryAt, giveUp);
  }
}
