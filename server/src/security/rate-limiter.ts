import { ERROR_CODES } from 'open-passage/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { PreparedQuery } from '../db/prepared-query.js';
import { ApiError } from '../http/api-error.js';
import { type MetricsRecorder, NO_METRICS } from '../metrics/recorder.js';

/** How many hits a key may take within a fixed window. */
export interface LimitPolicy {
  /** Names the limit in the metrics (`open_passage_rate_limit_refusals_total{limit}`). */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** A policy's limit under RATE_LIMIT_FACTOR (at least 1). */
export function scaledLimit(policy: LimitPolicy, factor: number): number {
  return Math.max(1, Math.round(policy.limit * factor));
}

export interface HitResult {
  allowed: boolean;
  hits: number;
  /** Seconds until the window starts over. */
  retryAfter: number;
}

export class TooManyRequestsError extends ApiError {
  constructor(
    message: string,
    override readonly retryAfter: number,
  ) {
    super(429, ERROR_CODES.TOO_MANY_REQUESTS, message, retryAfter);
  }
}

/**
 * Fixed-window counters in the database, shared by every instance behind a load balancer.
 * One upsert per hit (`INSERT … ON CONFLICT DO UPDATE … RETURNING`), atomic on SQLite and PostgreSQL.
 * `factor` scales every limit (RATE_LIMIT_FACTOR; 0 switches limits off, e.g. for benchmarks).
 */
export class RateLimiter {
  /** Two of these run in every code or link request: compiled once. */
  private readonly count;

  constructor(
    private readonly db: Db,
    private readonly factor = 1,
    private readonly metrics: MetricsRecorder = NO_METRICS,
  ) {
    this.count = new PreparedQuery(db, (q, key: string, nowIso: string, cutoff: string) =>
      q
        .insertInto('rate_limits')
        .values({ key, window_start: nowIso, hits: sql.lit(1) })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`CASE WHEN rate_limits.window_start <= ${cutoff} THEN 1 ELSE rate_limits.hits + 1 END`,
            window_start: sql<string>`CASE WHEN rate_limits.window_start <= ${cutoff} THEN ${nowIso} ELSE rate_limits.window_start END`,
          }),
        )
        .returning(['hits', 'window_start']),
    );
  }

  get enabled(): boolean {
    return this.factor > 0;
  }

  /** Counts one hit on `key` and says whether it is still within the policy; `db` may be a transaction. */
  async hit(key: string, policy: LimitPolicy, db: Db = this.db): Promise<HitResult> {
    if (!this.enabled) return { allowed: true, hits: 0, retryAfter: 0 };
    const now = Date.now();
    const nowIso = new Date(now).toISOString();
    const cutoff = new Date(now - policy.windowSeconds * 1000).toISOString();
    const row = await this.count.first(db, key, nowIso, cutoff);
    if (!row) throw new Error('a rate-limit upsert returned no row');
    const hits = Number(row.hits);
    const retryAfter = Math.max(
      1,
      Math.ceil((Date.parse(row.window_start) + policy.windowSeconds * 1000 - now) / 1000),
    );
    const allowed = hits <= scaledLimit(policy, this.factor);
    if (!allowed) this.metrics.rateLimitRefused(policy.name);
    return { allowed, hits, retryAfter };
  }

  /** Counts a hit and throws 429 `too_many_requests` when over the policy. */
  async enforce(key: string, policy: LimitPolicy, message: string, db: Db = this.db): Promise<void> {
    const result = await this.hit(key, policy, db);
    if (!result.allowed) throw new TooManyRequestsError(limitMessage(message, result), result.retryAfter);
  }
}

export function limitMessage(message: string, result: HitResult): string {
  return `${message} Try again in ${result.retryAfter} seconds.`;
}
