/** Bot traps that people never notice (the form itself has no field rules; see docs/demo.md). */
export const HONEYPOT_FIELD = 'website';
/**
 * A person takes longer than this to fill the form. The form reports its fill time in FILL_TIME_FIELD and
 * the server stores a faster submission as spam without forwarding it; so that a quick person is never
 * taken for a bot, a faster submit first waits out the rest, and the reported time is at least this.
 */
export const MIN_FILL_MS = 3000;
export const FILL_TIME_FIELD = 'fill_ms';

export const DELIVERED_TEXT = 'Message delivered';

export type SubmitDecision = { kind: 'send'; delayMs: number } | { kind: 'reject' };

/** Decides what to do with a submit: a filled honeypot is a bot; a too-quick submit is held back. */
export function screenSubmission(
  honeypot: string,
  startedAt: number,
  now: number,
  minFillMs = MIN_FILL_MS,
): SubmitDecision {
  if (honeypot.trim() !== '') return { kind: 'reject' };
  return { kind: 'send', delayMs: Math.max(0, startedAt + minFillMs - now) };
}

/** A sentence for the visitor, from whatever @emailjs/browser rejected with. The text they typed is kept. */
export function describeFailure(error: unknown): string {
  const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 0;
  if (status === 429) return 'Too many messages were sent just now. Please wait a minute, then try again.';
  if (status >= 400 && status < 500) return 'The message was not accepted. Please check it and try again.';
  if (status >= 500)
    return 'The mail service is having trouble. Your message is still here — please try again.';
  return 'Could not reach the server. Check your connection, then try again — your message is still here.';
}
