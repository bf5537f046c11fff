/** Timings of the flow. */
export const TIMING = {
  pollIntervalMs: 5000,
  maxPolls: 720,
  registerSendDelayMs: 2000,
  loginResendLockMs: 3000,
  successHoldMs: 2000,
} as const;
