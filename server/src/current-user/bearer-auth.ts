import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.js';
import { userNotActive } from '../tokens/auth-results.js';
import type { IdentityServices } from '../users/identity-services.js';
import type { UserRow } from '../users/users-repository.js';

export const invalidAccessToken = () =>
  new ApiError(401, 'invalid_access_token', 'The auth token is missing, invalid or expired.');

/**
 * The user behind `Authorization: Bearer <auth_token>` for `appId`: 401 `invalid_access_token`
 * for a missing/invalid/expired token or a deleted user, 403 `user_not_active` for an inactive one.
 * Used by every `/currentuser` route, including the passkeys feature's devices routes.
 */
export async function currentUser(
  identity: IdentityServices,
  request: FastifyRequest,
  appId: string,
): Promise<UserRow> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw invalidAccessToken();
  const userId = await identity.authTokens.verify(appId, match[1]);
  if (!userId) throw invalidAccessToken();
  const user = await identity.users.findById(appId, userId);
  if (!user) throw invalidAccessToken();
  if (user.status === 'inactive') throw userNotActive();
  return user;
}
