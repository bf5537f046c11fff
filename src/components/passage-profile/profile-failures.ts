import { CLIENT_ERRORS } from '../../client/client-errors';
import { PassageError } from '../../client/passage-error';

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
 */
export type FailureKind = 'session-lost' | 'reauthenticate' | 'failure';

export function classifyFailure(error: unknown): FailureKind {
  if (!(error instanceof PassageError)) return 'failure';
  if (error.code === 'invalid_access_token' || error.statusCode === CLIENT_ERRORS.PSGLoginRequired)
    return 'session-lost';
  if (error.code === 'reauthentication_required') return 'reauthenticate';
  return 'failure';
}
