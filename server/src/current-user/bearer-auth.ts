import { ERROR_CODES } from 'open-passage/contract';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.js';
import { userNotActive } from '../sign-in/auth-results.js';
import type { IdentityServices } from '../identity-services.js';
import type { UserRow } from '../users/users-repository.js';

/** W9: changing how one signs in (identifiers, passkeys) needs a sign-in at most this old. */
const REAUTH_MAX_AGE_SECONDS = 15 * 60;

const invalidAccessToken = () =>
  new ApiError(401, ERROR_CODES.INVALID_ACCESS_TOKEN, 'The auth token is missing, invalid or expired.');

const reauthenticationRequired = () =>
  new ApiError(
    401,
    ERROR_CODES.REAUTHENTICATION_REQUIRED,
    'For this change you need to have signed in within the last 15 minutes. Sign in again, then retry.',
  );

export interface CurrentSession {
  user: UserRow;
  /** Unix seconds of the interactive sign-in behind the token (undefined for tokens without it). */
  authTime: number | undefined;
}

/**
 * The user behind `Authorization: Bearer <auth_token>` for `appId`: 401 `invalid_access_token`
 * for a missing/invalid/expired token, a deleted user or a revoked sign-in (its `sid`: a token issued
 * before a deactivation stays dead after a reactivation), 403 `user_not_active` for an inactive user.
 */
export async function currentSession(
  identity: IdentityServices,
  request: Pick<FastifyRequest, 'headers'>,
  appId: string,
): Promise<CurrentSession> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw invalidAccessToken();
  const verified = await identity.authTokens.verify(appId, match[1]);
  if (!verified) throw invalidAccessToken();
  const [user, live] = await Promise.all([
    identity.users.findById(appId, verified.userId),
    identity.refreshTokens.isLiveFor(appId, verified.userId, verified.sessionId),
  ]);
  if (!user) throw invalidAccessToken();
  if (user.status === 'inactive') throw userNotActive();
  if (!live) throw invalidAccessToken();
  return { user, authTime: verified.authTime };
}

/** `currentSession` for routes that only need the user. */
export async function currentUser(
  identity: IdentityServices,
  request: Pick<FastifyRequest, 'headers'>,
  appId: string,
): Promise<UserRow> {
  return (await currentSession(identity, request, appId)).user;
}

/**
 * W9: 401 `reauthentication_required` unless the session's sign-in is recent. A token without
 * `auth_time` (none is issued any more) counts as old.
 */
export function requireRecentSignIn(authTime: number | undefined, now = Date.now()): void {
  if (authTime === undefined || now / 1000 - authTime > REAUTH_MAX_AGE_SECONDS) {
    throw reauthenticationRequired();
  }
}
