export interface BackoffPolicy {
  /** Delay after the first failure. */
  baseMs: number;
  /** Longest delay between two tries: an outage of any length is retried at least this often. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 5_000, maxMs: 10 * 60_000 };

/** Exponential back-off with ±20 % jitter (so instances do not retry in lock-step). */
export function retryDelayMs(attempts: number, policy: BackoffPolicy, random = Math.random): number {
  const exponential = policy.baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30));
  const capped = Math.min(exponential, policy.maxMs);
  return Math.round(capped * (0.8 + 0.4 * random()));
}
