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
  /** Messages in flight at once on this instance. */
  concurrency?: number;
  /** Of those, at most about this many for one endpoint, and `perApp` for one app (see `drain`). */
  perEndpoint?: number;
  perApp?: number;
  backoff?: BackoffPolicy;
  /** Tries before a message is given up (`failed`). */
  maxAttempts?: number;
  metrics?: MetricsRecorder;
}

/** A send that has ended, waiting to be recorded. */
interface Sent {
  row: OutboxRow;
  outcome: SendOutcome;
  /** Whether the endpoint still existed when the message was claimed. */
  known: boolean;
}

/**
 * Sends the webhook outbox: claims due messages, signs and POSTs them side by side, logs every try and
 * marks the delivered ones sent; a failure is retried with exponential back-off. Delivery is at least
 * once: a crash between a receiver's answer and the `sent` mark sends the message again (same id) once
 * the claim lapses, so receivers dedupe by `webhook-id`.
 *
 * Fair between receivers: each send ends on its own (a slow one holds no other), and an endpoint or app
 * with its share in flight is passed over by the next claims, so a receiver that hangs until the time-out
 * (or an app's backlog) delays only itself, not every other app's webhooks.
 */
export class WebhookWorker {
  readonly id = randomBytes(8).toString('hex');
  /** Longer than a send can take, so a live worker keeps its claims. */
  readonly leaseMs: number;
  private readonly concurrency: number;
  private readonly perEndpoint: number;
  private readonly perApp: number;
  private readonly backoff: BackoffPolicy;
  private readonly maxAttempts: number;
  private readonly metrics: MetricsRecorder;
  private readonly loop: PollingLoop;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly byEndpoint = new Map<string, number>();
  private readonly byApp = new Map<string, number>();
  private ended: Sent[] = [];

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly endpoints: EndpointsRepository,
    private readonly policy: WebhookUrlPolicy & { timeoutMs: number },
    private readonly log: FastifyBaseLogger,
    options: WebhookWorkerOptions = {},
  ) {
    this.loop = new PollingLoop(() => this.drain(), options.pollMs ?? 1_000);
    this.concurrency = options.concurrency ?? 32;
    this.perEndpoint = options.perEndpoint ?? 4;
    this.perApp = options.perApp ?? 8;
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

  /** Claims no more; waits for the sends in flight (at most the send timeout) to end and be recorded. */
  async stop(): Promise<void> {
    await this.loop.stop();
    await Promise.all(this.inFlight);
    await this.record().catch((error: unknown) =>
      this.log.error({ err: error }, 'webhooks: cannot record the last sends'),
    );
  }

  /**
   * Records the sends that ended, then claims as many due messages as there are free slots, a few at a
   * time (`perEndpoint`), passing over endpoints and apps at their share: a claim can take at most
   * `perEndpoint` more of one endpoint, so each holds fewer than twice its share.
   */
  private async drain(): Promise<void> {
    try {
      await this.record();
      while (!this.loop.isStopped) {
        const free = this.concurrency - this.inFlight.size;
        if (free <= 0) return;
        const limit = Math.min(free, this.perEndpoint);
        const skip = {
          endpointIds: atShare(this.byEndpoint, this.perEndpoint),
          appIds: atShare(this.byApp, this.perApp),
        };
        const batch = await this.outbox.claimDue(this.id, Date.now(), this.leaseMs, limit, skip);
        if (batch.length > 0) await this.sendAll(batch);
        if (batch.length < limit) return;
      }
    } catch (error) {
      // The claims lapse and a later poll (here or on another instance) sends the messages.
      this.log.error({ err: error }, 'webhooks: cannot read or update the outbox');
    }
  }

  /** Starts each message's send; as each ends it is queued for `record` and the loop is woken. */
  private async sendAll(batch: OutboxRow[]): Promise<void> {
    const targets = await this.endpoints.targets([...new Set(batch.map((row) => row.endpoint_id))]);
    for (const row of batch) {
      const target = targets.get(row.endpoint_id);
      count(this.byEndpoint, row.endpoint_id, 1);
      count(this.byApp, row.app_id, 1);
      const sending: Promise<void> = this.send(row, target).then((outcome) => {
        this.ended.push({ row, outcome, known: target !== undefined });
        this.inFlight.delete(sending);
        count(this.byEndpoint, row.endpoint_id, -1);
        count(this.byApp, row.app_id, -1);
        this.loop.wake();
      });
      this.inFlight.add(sending);
    }
  }

  /** Writes what the ended sends came to: the sent marks (one statement), the retries, the delivery log. */
  private async record(): Promise<void> {
    const ended = this.ended;
    if (ended.length === 0) return;
    this.ended = [];
    const now = Date.now();
    // The sent mark first: once a receiver has the message, resending it is what must be avoided.
    await this.outbox.markSent(
      ended.filter(({ outcome }) => outcome.ok).map(({ row }) => row.id),
      this.id,
      now,
    );
    await Promise.all(ended.map(({ row, outcome }) => (outcome.ok ? null : this.failed(row, outcome))));
    const attempts: Attempt[] = ended
      .filter(({ known }) => known)
      .map(({ row, outcome }) => ({
        messageId: row.id,
        endpointId: row.endpoint_id,
        eventType: row.event_type,
        attempt: row.attempts,
        statusCode: outcome.statusCode,
        durationMs: outcome.durationMs,
        error: outcome.error,
      }));
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

  private async failed(row: OutboxRow, outcome: SendOutcome): Promise<void> {
    const error = outcome.error ?? 'failed';
    const giveUp = row.attempts >= this.maxAttempts;
    this.metrics.webhookFailed(giveUp ? 'gave_up' : 'retry');
    this.log.warn(
      {
        messageId: row.id,
        endpointId: row.endpoint_id,
        attempts: row.attempts,
        giveUp,
        error,
        cause: outcome.cause,
      },
      giveUp ? 'webhooks: giving up on a message' : 'webhooks: send failed, will retry',
    );
    const retryAt = Date.now() + retryDelayMs(row.attempts, this.backoff);
    await this.outbox.markFailed(row.id, this.id, error, retryAt, giveUp);
  }
}

/** Adds `delta` to a key's count, forgetting the key at zero. */
function count(counts: Map<string, number>, key: string, delta: number): void {
  const next = (counts.get(key) ?? 0) + delta;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

/** The keys with `share` or more in flight. */
const atShare = (counts: Map<string, number>, share: number) =>
  [...counts].filter(([, n]) => n >= share).map(([key]) => key);
