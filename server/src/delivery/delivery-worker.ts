import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PollingLoop } from './polling-loop.js';
import { type MetricsRecorder, NO_METRICS } from '../metrics/recorder.js';
import { type BackoffPolicy, DEFAULT_BACKOFF, retryDelayMs } from './backoff.js';
import type { QueueRepository, QueuedRow } from './queue-repository.js';
import { renderMessage } from './templates/render.js';
import { DeliveryError, type Transport } from './transports/transport.js';

export interface WorkerOptions {
  /** How often an idle worker looks for due messages (other instances' and retries). */
  pollMs?: number;
  /** Messages claimed and sent at once. */
  batchSize?: number;
  /** How long a claim holds before another worker may take the message again. */
  leaseMs?: number;
  backoff?: BackoffPolicy;
  /** Tries for a permanent error (e.g. unknown mailbox) before the message is marked failed. */
  permanentAttempts?: number;
  /** Where failed sends are counted (default: nowhere). */
  metrics?: MetricsRecorder;
}

export interface TransportsByChannel {
  email: Transport | null;
  sms: Transport | null;
}

/**
 * Sends queued messages: those this instance's sender hands over (already claimed), and due rows it
 * claims from the queue (other instances', retries, lapsed claims); renders and sends them, and on
 * failure schedules a retry with exponential back-off. Transient failures are retried for as long as it takes.
 */
export class DeliveryWorker {
  readonly id = randomBytes(8).toString('hex');
  readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly backoff: BackoffPolicy;
  private readonly permanentAttempts: number;
  private readonly metrics: MetricsRecorder;
  private readonly loop: PollingLoop;
  /** Rows handed over by the sender, sent together on the next turn of the event loop. */
  private handed: QueuedRow[] = [];
  private sendingHanded: Promise<void> | null = null;
  /** App names by id: one lookup per app per minute, not one per message. */
  private readonly appNames = new Map<string, { name: string; until: number }>();

  constructor(
    private readonly queue: QueueRepository,
    private readonly transports: TransportsByChannel,
    private readonly appName: (appId: string) => Promise<string>,
    private readonly log: FastifyBaseLogger,
    options: WorkerOptions = {},
  ) {
    this.loop = new PollingLoop(() => this.drain(), options.pollMs ?? 1_000);
    this.batchSize = options.batchSize ?? 20;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.permanentAttempts = options.permanentAttempts ?? 3;
    this.metrics = options.metrics ?? NO_METRICS;
  }

  start(): void {
    this.loop.start();
  }

  /** Look for work now (called after an enqueue on this instance). */
  wake(): void {
    this.loop.wake();
  }

  /** Rows already claimed for this worker (by the sender): sent without a claim query. */
  take(rows: QueuedRow[]): void {
    // A stopped worker sends nothing more: the claims lapse and another instance sends the messages.
    if (rows.length === 0 || this.loop.isStopped) return;
    this.handed.push(...rows);
    if (this.handed.length === rows.length) setImmediate(() => void this.sendHanded());
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    await this.sendingHanded;
    this.transports.email?.close?.();
    this.transports.sms?.close?.();
  }

  /** Sends due messages until none is left. */
  private async drain(): Promise<void> {
    try {
      for (;;) {
        const batch = await this.queue.claimDue(this.id, Date.now(), this.leaseMs, this.batchSize);
        await this.sendBatch(batch);
        if (batch.length < this.batchSize || this.loop.isStopped) return;
      }
    } catch (error) {
      this.log.error({ err: error }, 'delivery: cannot read the queue');
    }
  }

  private async sendHanded(): Promise<void> {
    const batch = this.handed;
    this.handed = [];
    const previous = this.sendingHanded;
    this.sendingHanded = (async () => {
      await previous;
      try {
        await this.sendBatch(batch);
      } catch (error) {
        // Still claimed by this worker: the claim lapses and a poll sends them.
        this.log.error({ err: error }, 'delivery: cannot record sent messages');
      }
    })();
    await this.sendingHanded;
  }

  /**
   * Sends claimed rows at once and marks the delivered ones sent in one statement; a message the provider
   * names by its own id (SMS) is marked sent with that id by `deliver`, as soon as its send resolves.
   */
  private async sendBatch(batch: QueuedRow[]): Promise<void> {
    const outcomes = await Promise.all(batch.map((row) => this.deliver(row)));
    await this.queue.markSent(
      batch.filter((_, i) => outcomes[i] === 'sent').map((row) => row.id),
      this.id,
      Date.now(),
    );
  }

  private async cachedAppName(appId: string): Promise<string> {
    const cached = this.appNames.get(appId);
    if (cached && cached.until > Date.now()) return cached.name;
    const name = await this.appName(appId);
    this.appNames.set(appId, { name, until: Date.now() + 60_000 });
    return name;
  }

  /**
   * Sends one message: `sent` when it went out and the caller marks it sent with its batch, `recorded`
   * when it went out under a provider's id and is marked sent already, `not_sent` otherwise.
   */
  private async deliver(row: QueuedRow): Promise<'sent' | 'recorded' | 'not_sent'> {
    const transport = this.transports[row.channel];
    try {
      if (row.expires_at !== null && row.expires_at <= new Date().toISOString()) {
        this.log.warn({ messageId: row.id, kind: row.kind }, 'delivery: message expired before it was sent');
        await this.queue.markExpired(row.id, this.id);
        this.metrics.deliveryFailed(row.channel, 'expired');
        return 'not_sent';
      }
      // No transport for this channel (e.g. production without SMTP_URL): keep it queued and retry.
      if (!transport) throw new DeliveryError(`no ${row.channel} transport is configured`, false);
      const params = this.queue.params(row);
      params.appName ??= await this.cachedAppName(row.app_id);
      const rendered = renderMessage({ kind: row.kind as never, language: row.language, params });
      const providerId = await transport.send({
        channel: row.channel,
        to: row.recipient,
        fromName: params.appName,
        ...(row.reply_to ? { replyTo: row.reply_to } : {}),
        ...rendered,
      });
      if (!providerId) return 'sent';
      // Kept at once: the provider may report the delivery before the rest of the batch is sent.
      await this.queue.markSentAs(row.id, providerId, this.id, Date.now()).catch((err: unknown) => {
        this.log.error({ err, messageId: row.id }, 'delivery: cannot record a sent message');
      });
      return 'recorded';
    } catch (error) {
      const permanent = error instanceof DeliveryError && error.permanent;
      const final = error instanceof DeliveryError && error.final;
      const giveUp = final || (permanent && row.attempts >= this.permanentAttempts);
      const retryAt = Date.now() + retryDelayMs(row.attempts, this.backoff);
      const message = error instanceof Error ? error.message : String(error);
      this.metrics.deliveryFailed(row.channel, giveUp ? 'gave_up' : 'retry');
      this.log.warn(
        {
          messageId: row.id,
          kind: row.kind,
          channel: row.channel,
          attempts: row.attempts,
          giveUp,
          error: message,
        },
        giveUp ? 'delivery: giving up on a message' : 'delivery: send failed, will retry',
      );
      await this.queue.markFailed(row.id, this.id, message, retryAt, giveUp).catch((err: unknown) => {
        this.log.error({ err }, 'delivery: cannot record a failed send');
      });
      return 'not_sent';
    }
  }
}
