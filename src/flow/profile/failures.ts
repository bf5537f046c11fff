import type { FlowError } from '../ports';

/** The client's PSGLoginRequired: no token and no refresh token that works. */
const LOGIN_REQUIRED = 704;

/**
 * What a failed profile action means, judged by the error code rather than the status (the server
 * answers 401 for several unrelated things):
 * - `session-lost`: the session is gone (the server refused the auth token, or there is no valid
 *   token and no refresh token that works): the element asks the user to sign in again.
 * - `reauthenticate`: the session is fine but the action needs a recent sign-in
 *   (`reauthentication_required`, for passkey and email/phone changes): the element says so and
 *   offers to sign in again, keeping everything else as it is.
 * - `failure`: anything else, including other 401s such as `webauthn_login_failed`: the action's
 *   failure message.
 *
 * Errors are read by their shape (`FlowError`, as the sign-in flow reads them), so the flow needs no
 * client class.
 */
export type FailureKind = 'session-lost' | 'reauthenticate' | 'failure';

export function classifyFailure(error: unknown): FailureKind {
  if (typeof error !== 'object' || error === null) return 'failure';
  const { code, statusCode } = error as FlowError;
  if (code === 'invalid_access_token' || statusCode === LOGIN_REQUIRED) return 'session-lost';
  if (code === 'reauthentication_required') return 'reauthenticate';
  return 'failure';
}

/** The text an ordinary failure shows: the action's message, then the server's reason when it gave one. */
export function failureText(message: string, error: unknown): string {
  const reason = error instanceof Error && error.message ? ` ${error.message}` : '';
  return `${message}${reason}`;
}
