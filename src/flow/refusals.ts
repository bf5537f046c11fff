/**
 * What a refused call tells the visitor. A module of its own: the one-time-code and magic-link steps
 * import it, the identifier form's steps fetch it only when a call failed (their chunk loads with the
 * first form: docs/performance.md), with `import().then`, as Vite wraps an awaited one in more code.
 */
import { PUBLIC_SIGNUP_DISABLED } from '../contract/error-codes';
import type { FlowError } from './ports';
import type { FlowMessageKey, Message } from './view-state';

/**
 * A 429 (too many codes, links, sign-ups or lookups) as the visitor reads it: when to try again, the
 * server's Retry-After rounded up to whole minutes ("in a minute" under two, "later" without one).
 */
export function tooManyAttempts(error: unknown): Message | undefined {
  const { statusCode, retryAfter = 0 } = (error ?? {}) as FlowError;
  if (statusCode !== 429) return undefined;
  const minutes = Math.ceil(retryAfter / 60);
  if (minutes > 1) return { key: 'too-many-attempts-minutes', args: [{ text: `${minutes}` }] };
  return { key: minutes ? 'too-many-attempts-minute' : 'too-many-attempts-later' };
}

/**
 * What a failed call of the identifier form says: the server's own words when public sign-up is off
 * (its `code` tells), too many attempts, a time-out (the client gave up waiting, see its `timeoutMs`),
 * or `otherwise`.
 */
export function failureMessage(error: unknown, otherwise: FlowMessageKey): Message {
  const { code, message } = (error ?? {}) as FlowError;
  if (code === PUBLIC_SIGNUP_DISABLED) return { text: message ?? '' };
  return tooManyAttempts(error) ?? { key: code === 'timeout' ? 'request-timed-out' : otherwise };
}
