import type { FastifyBaseLogger } from 'fastify';
import type { AppCache } from '../users/app-cache.js';
import type { IdentifierType } from '../users/identifier.js';
import { ApiError, appNotFound } from '../http/api-error.js';
import type { UsersRepository } from '../users/users-repository.js';
import type { AuthTokens } from './auth-tokens.js';
import type { RefreshTokens } from './refresh-tokens.js';

/** How the user proved who they are; logged with every sign-in (security notes L1). */
export type AuthMethod = 'passkey' | 'otp' | 'magic_link' | 'refresh';

/** The `auth_result` object of notes §4.8. */
export interface AuthResult {
  auth_token: string;
  redirect_url: string;
  refresh_token: string;
  refresh_token_expiration: number;
}

export const userNotActive = () => new ApiError(403, 'user_not_active', 'This account is no longer active.');
export const userNotFound = () =>
  new ApiError(404, 'user_not_found', 'No user with this id exists in this app.');

/** Finishes every successful authentication the same way: checks the user, signs, starts a refresh family. */
export class AuthResults {
  constructor(
    private readonly apps: AppCache,
    private readonly users: UsersRepository,
    private readonly authTokens: AuthTokens,
    private readonly refreshTokens: RefreshTokens,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Issues the AuthResult for `userId` after it authenticated with `method`, counting the sign-in.
   * Throws 404 `user_not_found` or 403 `user_not_active` (inactive, or still pending without
   * `confirm`/`activate`). `confirm` marks the identifier the user just proved verified (and
   * activates a pending user); `activate` activates a pending user; `family` continues a refresh family.
   */
  async issue(
    appId: string,
    userId: string,
    method: AuthMethod,
    options: {
      confirm?: IdentifierType;
      activate?: boolean;
      family?: { familyId: string; expiresAt: string };
    } = {},
  ): Promise<AuthResult> {
    const [app, user] = await Promise.all([
      this.apps.find(appId),
      method === 'refresh'
        ? this.users.findById(appId, userId)
        : this.users.recordSignIn(appId, userId, options),
    ]);
    if (!app) throw appNotFound();
    if (!user) throw userNotFound();
    if (user.status !== 'active') throw userNotActive();
    const [{ token }, refresh] = await Promise.all([
      this.authTokens.sign(app, userId),
      this.refreshTokens.issue(appId, userId, options.family),
    ]);
    this.log.info({
      event: method === 'refresh' ? 'token.refreshed' : 'login.success',
      appId,
      userId,
      method,
    });
    return {
      auth_token: token,
      redirect_url: app.redirect_url,
      refresh_token: refresh.token,
      refresh_token_expiration: refresh.expiresAt,
    };
  }
}
