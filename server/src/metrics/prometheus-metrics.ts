import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DeliveryFailure, MetricsRecorder, WebhookFailure } from './recorder.js';

/** A PostgreSQL pool's counts, as `pg.Pool` has them. */
export interface PoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/** What the gauges read at each scrape. */
export interface GaugeSources {
  /** Messages waiting in the delivery queue, by channel (due or not yet). */
  queueDepth(): Promise<Record<string, number>>;
  /** Webhook messages waiting in the outbox (due or waiting for a retry). */
  webhookQueueDepth(): Promise<number>;
  /** The database pool (PostgreSQL); null on SQLite, which has one connection and no pool. */
  pool: PoolCounts | null;
  /** Where a gauge that cannot be read says so; the other metrics are still served. */
  warn(error: unknown, message: string): void;
}

const CHANNELS = ['email', 'sms'] as const;

/** Seconds: most answers take milliseconds, a sign-in's signature a few, a slow database seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** `statusCode` as its class (`2xx` … `5xx`): the code itself would multiply the series for little. */
const statusClass = (statusCode: number) => `${Math.floor(statusCode / 100)}xx`;

/** The server's metrics in their own registry (several servers may share a process, as tests do). */
export class PrometheusMetrics implements MetricsRecorder {
  readonly registry = new Registry();
  private readonly signIns: Counter<'method' | 'app'>;
  private readonly signInFailures: Counter<'method' | 'app'>;
  private readonly refusals: Counter<'limit'>;
  private readonly deliveryFailures: Counter<'channel' | 'outcome'>;
  private readonly webhookFailures: Counter<'outcome'>;
  private readonly durations: Histogram<'family' | 'status'>;
  /** One histogram child per family and status class: observing skips hashing the labels. */
  private readonly durationsByLabels = new Map<string, { observe(seconds: number): void }>();

  constructor(sources: GaugeSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.signIns = new Counter({
      name: 'open_passage_sign_ins_total',
      help: 'Successful sign-ins (auth results issued), by method and app.',
      labelNames: ['method', 'app'],
      registers,
    });
    this.signInFailures = new Counter({
      name: 'open_passage_sign_in_failures_total',
      help: 'Refused sign-in proofs (wrong or spent code, unknown link, passkey not verified), by method and app.',
      labelNames: ['method', 'app'],
      registers,
    });
    this.refusals = new Counter({
      name: 'open_passage_rate_limit_refusals_total',
      help: 'Requests refused with 429 by a rate limit, by limit.',
      labelNames: ['limit'],
      registers,
    });
    this.deliveryFailures = new Counter({
      name: 'open_passage_delivery_failures_total',
      help: 'Messages that did not go out (retry: will be tried again; gave_up; expired), by channel.',
      labelNames: ['channel', 'outcome'],
      registers,
    });
    this.webhookFailures = new Counter({
      name: 'open_passage_webhook_failures_total',
      help: 'Webhook sends that failed (retry: will be tried again; gave_up: last try), by outcome.',
      labelNames: ['outcome'],
      registers,
    });
    this.durations = new Histogram({
      name: 'open_passage_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route family and status class.',
      labelNames: ['family', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.queueGauge(sources);
    this.webhookQueueGauge(sources);
    if (sources.pool) this.poolGauges(sources.pool);
  }

  signIn(appId: string, method: string): void {
    this.signIns.inc({ method, app: appId });
  }

  signInFailed(appId: string, method: string): void {
    this.signInFailures.inc({ method, app: appId });
  }

  rateLimitRefused(limit: string): void {
    this.refusals.inc({ limit });
  }

  deliveryFailed(channel: string, outcome: DeliveryFailure): void {
    this.deliveryFailures.inc({ channel, outcome });
  }

  webhookFailed(outcome: WebhookFailure): void {
    this.webhookFailures.inc({ outcome });
  }

  observeRequest(family: string, statusCode: number, seconds: number): void {
    const status = statusClass(statusCode);
    const key = `${family} ${status}`;
    let child = this.durationsByLabels.get(key);
    if (!child) {
      child = this.durations.labels({ family, status });
      this.durationsByLabels.set(key, child);
    }
    child.observe(seconds);
  }

  /** The exposition text and its content type, for the metrics listener. */
  async exposition(): Promise<{ text: string; contentType: string }> {
    return { text: await this.registry.metrics(), contentType: this.registry.contentType };
  }

  private queueGauge(sources: GaugeSources): void {
    new Gauge({
      name: 'open_passage_delivery_queue_depth',
      help: 'Messages waiting in the delivery queue (due or waiting for a retry), by channel.',
      labelNames: ['channel'],
      registers: [this.registry],
      async collect() {
        this.reset();
        try {
          const depth = await sources.queueDepth();
          for (const channel of CHANNELS) this.set({ channel }, depth[channel] ?? 0);
        } catch (error) {
          // No value rather than a failed scrape: the process metrics matter most when the database is down.
          sources.warn(error, 'metrics: cannot read the delivery queue depth');
        }
      },
    });
  }

  private webhookQueueGauge(sources: GaugeSources): void {
    new Gauge({
      name: 'open_passage_webhook_queue_depth',
      help: 'Webhook messages waiting in the outbox (due or waiting for a retry).',
      registers: [this.registry],
      async collect() {
        this.reset();
        try {
          this.set(await sources.webhookQueueDepth());
        } catch (error) {
          sources.warn(error, 'metrics: cannot read the webhook queue depth');
        }
      },
    });
  }

  private poolGauges(pool: PoolCounts): void {
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(read());
        },
      });
    gauge(
      'open_passage_db_pool_connections',
      'Connections the PostgreSQL pool holds.',
      () => pool.totalCount,
    );
    gauge('open_passage_db_pool_idle_connections', 'Pool connections not in use.', () => pool.idleCount);
    gauge(
      'open_passage_db_pool_waiting_queries',
      'Queries waiting for a pool connection (all in use).',
      () => pool.waitingCount,
    );
  }
}
