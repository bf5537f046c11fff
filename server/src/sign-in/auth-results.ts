import { ERROR_CODES } from 'open-passage/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthResult, IdentifierType } from 'open-passage/contract';
import { type AppSettings, servedRedirectUrl } from '../apps/app-settings.js';
import type { Db } from '../db/database.js';
import type { ClientInfo } from '../events/client-info.js';
import type { EventsRepository } from '../events/events-repository.js';
import type { MetricsRecorder } from '../metrics/recorder.js';
import { ApiError, appNotFound } from '../http/api-error.js';
import type { AppCache } from '../apps/app-cache.js';
import type { UserRow, UsersRepository } from '../users/users-repository.js';
import type { AuthTokens } from '../tokens/auth-tokens.js';
import type { IssuedRefreshToken, RefreshFamily, RefreshTokens } from '../tokens/refresh-tokens.js';

/** How the user proved who they are; logged with every sign-in. */
export type AuthMethod = 'passkey' | 'otp' | 'magic_link' | 'social';

export const userNotActive = () =>
  new ApiError(403, ERROR_CODES.USER_NOT_ACTIVE, 'This account is no longer active.');
export const userNotFound = () =>
  new ApiError(404, ERROR_CODES.USER_NOT_FOUND, 'No user with this id exists in this app.');

function requireActive(user: UserRow | undefined): void {
  if (!user) throw userNotFound();
  if (user.status !== 'active') throw userNotActive();
}

export interface SignInOptions {
  confirm?: IdentifierType;
  activate?: boolean;
}

/** Finishes every successful authentication the same way: checks the user, starts a refresh family, signs. */
export class AuthResults {
  constructor(
    private readonly db: Db,
    private readonly apps: AppCache,
    private readonly users: UsersRepository,
    private readonly authTokens: AuthTokens,
    private readonly refreshTokens: RefreshTokens,
    private readonly log: FastifyBaseLogger,
    private readonly metrics: MetricsRecorder,
    private readonly events: EventsRepository,
  ) {}

  /**
   * Issues the AuthResult for `userId` after it authenticated with `method` from `client`: counts the
   * sign-in, logs its event and starts a refresh family in one transaction, then signs. Throws 404
   * `user_not_found` or 403 `user_not_active` (inactive, or still pending without `confirm`/`activate`).
   * `confirm` marks the identifier the user just proved verified (and activates a pending user);
   * `activate` activates one.
   */
  async issue(
    appId: string,
    userId: string,
    method: AuthMethod,
    client: ClientInfo,
    options: SignInOptions = {},
  ): Promise<AuthResult> {
    const app = await this.apps.find(appId);
    if (!app) throw appNotFound();
    const refresh = await this.db
      .transaction()
      .execute((trx) => this.recordSignIn(trx, appId, userId, method, client, options));
    const result = await this.finish(app, userId, refresh);
    this.metrics.signIn(appId, method);
    return result;
  }

  /**
   * A proof of `method` from `client` was refused (wrong code, unknown link, passkey not verified):
   * counted, and logged as a `login_failed` event of no user (the proof names none it could be trusted
   * for). The refusal is the answer either way, so it does not wait for the write.
   */
  refused(appId: string, method: AuthMethod, client: ClientInfo): void {
    this.metrics.signInFailed(appId, method);
    this.events
      .record({ appId, userId: null, type: 'login_failed', method, client })
      .catch((error: unknown) => this.log.error({ err: error }, 'logging a refused sign-in failed'));
  }

  /**
   * The database part of a sign-in, inside the caller's transaction `db`: counts it (checking the
   * user), logs its `login` event and starts a refresh family. `finishSignIn` signs once the transaction has committed.
   */
  async recordSignIn(
    db: Db,
    appId: string,
    userId: string,
    method: AuthMethod,
    client: ClientInfo,
    options: SignInOptions = {},
  ): Promise<IssuedRefreshToken> {
    requireActive(await this.users.recordSignIn(appId, userId, options, db));
    await this.events.record({ appId, userId, type: 'login', method, client }, db);
    const refresh = await this.refreshTokens.start(appId, userId, method, db);
    this.log.info({ event: 'login.success', appId, userId, method });
    return refresh;
  }

  /** Signs the auth result of a sign-in `recordSignIn` recorded with `method`, once it has committed. */
  async finishSignIn(
    appId: string,
    userId: string,
    method: AuthMethod,
    refresh: IssuedRefreshToken,
  ): Promise<AuthResult> {
    const app = await this.apps.find(appId);
    if (!app) throw appNotFound();
    const result = await this.finish(app, userId, refresh);
    this.metrics.signIn(appId, method);
    return result;
  }

  /** The AuthResult of a refresh: the next token of the family, and an auth token with its sign-in time. */
  async refresh(appId: string, userId: string, family: RefreshFamily): Promise<AuthResult> {
    const [app, user] = await Promise.all([this.apps.find(appId), this.users.findById(appId, userId)]);
    if (!app) throw appNotFound();
    requireActive(user);
    const refresh = await this.refreshTokens.rotate(family);
    this.log.info({ event: 'token.refreshed', appId, userId });
    return this.finish(app, userId, refresh);
  }

  private async finish(
    app: Pick<
      AppSettings,
      'id' | 'auth_origin' | 'session_timeout_length' | 'redirect_url' | 'allowed_redirect_origins'
    >,
    userId: string,
    refresh: IssuedRefreshToken,
  ): Promise<AuthResult> {
    const { token } = await this.authTokens.sign(app, userId, {
      authTime: refresh.family.authTime,
      sessionId: refresh.family.familyId,
    });
    return {
      auth_token: token,
      redirect_url: servedRedirectUrl(app),
      refresh_token: refresh.token,
      refresh_token_expiration: refresh.expiresAt,
    };
  }
}
