/** Why a queued message did not go out this time. */
export type DeliveryFailure = 'retry' | 'gave_up' | 'expired';

/** Why a webhook message was not delivered this time. */
export type WebhookFailure = 'retry' | 'gave_up';

/**
 * What the features report for the operator's counters (docs/server/operations.md). Labels are app ids,
 * sign-in methods, limit names and channels only: never identifiers, addresses or secrets.
 */
export interface MetricsRecorder {
  /** A user proved who they are with `method` and got an auth result. */
  signIn(appId: string, method: string): void;
  /** A proof was refused: a wrong or spent code, an unknown link, a passkey that did not verify. */
  signInFailed(appId: string, method: string): void;
  /** A request was refused with 429 by the limit named `limit`. */
  rateLimitRefused(limit: string): void;
  /** A message on `channel` did not go out: retried later, given up, or expired in the queue. */
  deliveryFailed(channel: string, outcome: DeliveryFailure): void;
  /** A webhook message was not delivered: retried later, or given up after its last try. */
  webhookFailed(outcome: WebhookFailure): void;
}

/** Metrics off (no METRICS_PORT): every report is dropped, nothing is kept. */
export const NO_METRICS: MetricsRecorder = {
  signIn() {},
  signInFailed() {},
  rateLimitRefused() {},
  deliveryFailed() {},
  webhookFailed() {},
};
