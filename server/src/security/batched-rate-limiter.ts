import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { MetricsRecorder } from '../metrics/recorder.js';
import {
  type HitResult,
  type LimitPolicy,
  limitMessage,
  scaledLimit,
  TooManyRequestsError,
} from './rate-limiter.js';

interface Entry {
  policy: LimitPolicy;
  /** Start of the current window (ms), as the database last told, or as this instance opened it. */
  windowStart: number;
  /** Hits in the window that the database had counted (all instances) at the last flush. */
  shared: number;
  /** Hits sent to the database by the flush under way. */
  inFlight: number;
  /** Hits counted here since the last flush began. */
  pending: number;
}

export interface BatchedRateLimiterOptions {
  /** How long hits wait in memory before they are written together (ms). */
  flushMs?: number;
  /** Scales every limit like RATE_LIMIT_FACTOR; 0 switches the limits off. */
  factor?: number;
  /**
   * A key is written only once this instance counted this share of its limit in the window (default
   * 0.1): keys far from their limit (most addresses do a lookup or two) cost no write at all.
   */
  shareFrom?: number;
  onFlushError?: (error: unknown) => void;
  /** Where refusals are counted (default: nowhere). */
  metrics?: MetricsRecorder;
}

/**
 * Fixed-window limits for high-volume calls (identifier lookups), where a database write per request
 * would cost more than the call itself. Hits are counted in memory; a key that has reached `shareFrom` of
 * its limit here is written, with the others of its turn, every `flushMs` into the same `rate_limits`
 * rows the exact RateLimiter uses, where the instances' counts meet. An instance decides from the shared
 * total it last read plus its own unwritten hits: alone it is exact; with n instances a key can overrun
 * its limit by at most n × shareFrom of it plus what the others counted since their last flush.
 * Limits that guard secrets (code sends, wrong codes) stay on the exact RateLimiter.
 */
export class BatchedRateLimiter {
  private readonly entries = new Map<string, Entry>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private readonly flushMs: number;
  private readonly factor: number;
  private readonly shareFrom: number;

  constructor(
    private readonly db: Db,
    private readonly options: BatchedRateLimiterOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 250;
    this.factor = options.factor ?? 1;
    this.shareFrom = options.shareFrom ?? 0.1;
  }

  /** Counts one hit on `key` (no I/O) and says whether it is within the policy. */
  hit(key: string, policy: LimitPolicy, now = Date.now()): HitResult {
    if (this.factor <= 0) return { allowed: true, hits: 0, retryAfter: 0 };
    let entry = this.entries.get(key);
    if (!entry || entry.windowStart + policy.windowSeconds * 1000 <= now) {
      // A new window; a flush still writing the old one updates the old entry, no longer listed.
      entry = { policy, windowStart: now, shared: 0, inFlight: 0, pending: 0 };
      this.entries.set(key, entry);
    }
    entry.pending++;
    this.schedule();
    const hits = entry.shared + entry.inFlight + entry.pending;
    const retryAfter = Math.max(1, Math.ceil((entry.windowStart + policy.windowSeconds * 1000 - now) / 1000));
    const allowed = hits <= scaledLimit(policy, this.factor);
    if (!allowed) this.options.metrics?.rateLimitRefused(policy.name);
    return { allowed, hits, retryAfter };
  }

  /** Whether a key's hits go to the database: it is shared already, or has reached its share here. */
  private worthWriting(entry: Entry): boolean {
    return (
      entry.shared > 0 ||
      entry.pending + entry.inFlight >= Math.ceil(scaledLimit(entry.policy, this.factor) * this.shareFrom)
    );
  }

  /** Counts a hit and throws 429 `too_many_requests` when over the policy. */
  enforce(key: string, policy: LimitPolicy, message: string): void {
    const result = this.hit(key, policy);
    if (!result.allowed) throw new TooManyRequestsError(limitMessage(message, result), result.retryAfter);
  }

  /** Writes the waiting hits now (the timer does this on its own; call it before shutting down). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.flushing) await this.flushing;
    this.flushing = this.writePending().finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  /** Keys held in memory (for tests of the eviction). */
  get size(): number {
    return this.entries.size;
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush().catch((error: unknown) => this.options.onFlushError?.(error));
    }, this.flushMs);
    this.timer.unref();
  }

  private async writePending(): Promise<void> {
    const now = Date.now();
    const batch: Pending[] = [];
    for (const [key, entry] of this.entries) {
      if (entry.windowStart + entry.policy.windowSeconds * 1000 <= now) {
        // The window is over: its hits count for nothing any more.
        if (entry.inFlight === 0) this.entries.delete(key);
      } else if (entry.pending > 0 && this.worthWriting(entry)) {
        batch.push([key, entry, entry.pending]);
        entry.inFlight += entry.pending;
        entry.pending = 0;
      }
    }
    if (batch.length === 0) return;
    try {
      const rows = await this.db.transaction().execute(async (trx) => {
        const written = [];
        for (const chunk of chunks(batch)) written.push(...(await upsert(trx, chunk, now)));
        return written;
      });
      const stored = new Map(rows.map((row) => [row.key, row]));
      for (const [key, entry, count] of batch) {
        entry.inFlight -= count;
        const row = stored.get(key);
        if (!row) continue;
        entry.shared = Number(row.hits);
        entry.windowStart = Date.parse(row.window_start);
      }
    } catch (error) {
      // Not lost: the hits wait for the next flush.
      for (const [, entry, count] of batch) {
        entry.inFlight -= count;
        entry.pending += count;
      }
      this.schedule();
      throw error;
    }
  }
}

type Pending = [key: string, entry: Entry, count: number];

/** Rows per statement (3 parameters each: well within both databases' limits), one window length each. */
function* chunks(batch: Pending[], size = 500): Generator<Pending[]> {
  const byWindow = new Map<number, Pending[]>();
  for (const item of batch) {
    const window = item[1].policy.windowSeconds;
    const group = byWindow.get(window);
    if (group) group.push(item);
    else byWindow.set(window, [item]);
  }
  for (const items of byWindow.values()) {
    for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
  }
}

/**
 * Adds each key's hits to its row in one statement, opening the entry's window where the stored one has
 * ended (every item of a chunk has the same window length, so one cutoff serves them all).
 */
function upsert(db: Db, chunk: Pending[], now: number) {
  const cutoff = new Date(now - chunk[0]![1].policy.windowSeconds * 1000).toISOString();
  return db
    .insertInto('rate_limits')
    .values(
      chunk.map(([key, entry, count]) => ({
        key,
        window_start: new Date(entry.windowStart).toISOString(),
        hits: count,
      })),
    )
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`CASE WHEN rate_limits.window_start <= ${cutoff} THEN excluded.hits ELSE rate_limits.hits + excluded.hits END`,
        window_start: sql<string>`CASE WHEN rate_limits.window_start <= ${cutoff} THEN excluded.window_start ELSE rate_limits.window_start END`,
      }),
    )
    .returning(['key', 'hits', 'window_start'])
    .execute();
}
