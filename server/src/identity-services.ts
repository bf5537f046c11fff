import type { FastifyBaseLogger } from 'fastify';
import type { UserStatus } from 'open-passage/contract';
import type { AppsRepository } from './apps/apps-repository.js';
import type { Db } from './db/database.js';
import type { MessageSender } from './delivery/outgoing-message.js';
import { EventsRepository } from './events/events-repository.js';
import { type MetricsRecorder, NO_METRICS } from './metrics/recorder.js';
import { BatchedRateLimiter } from './security/batched-rate-limiter.js';
import { Housekeeping } from './security/housekeeping.js';
import { RateLimiter } from './security/rate-limiter.js';
import type { ServerSecrets } from './security/server-secrets.js';
import { AuthResults } from './sign-in/auth-results.js';
import { AuthTokens } from './tokens/auth-tokens.js';
import { RefreshTokens } from './tokens/refresh-tokens.js';
import { SigningKeys } from './tokens/signing-keys.js';
import { AppCache } from './apps/app-cache.js';
import { type CredentialSummaries, noCredentials } from './users/user-views.js';
import { UsersRepository } from './users/users-repository.js';
import { SocialConnectionsRepository } from './users/social-connections.js';

/**
 * The identity core other features build on (passkeys, admin, bench). Exposed as `server.identity`
 * and handed to route plugins as `{ identity }`:
 *
 * - `users` — UsersRepository: findById / findByIdentifier / createPending / createActive / activate /
 *   confirmIdentifier / changeIdentifier / updateMetadata; `setUserStatus` (de)activates a user,
 *   ending their sign-ins when deactivating.
 * - `credentials` — set by the passkeys feature with `identity.setCredentialSummaries(…)` so user
 *   objects carry `webauthn`, `webauthn_types` and `webauthn_devices`.
 * - `authResults.issue(appId, userId, 'passkey' | 'otp' | 'magic_link', client, { confirm?, activate? })` —
 *   finish an authentication: answers the `auth_result` body or throws 403
 *   `user_not_active` / 404 `user_not_found`. `confirm: 'email' | 'phone'` marks that identifier
 *   verified and activates a pending user; `activate: true` activates a pending user (passkey sign-up).
 * - `authResults.refused(appId, method, client)` — count a refused proof (wrong code, unknown link,
 *   passkey that did not verify) in the metrics' sign-in failures and log it in the event log.
 * - `events` — EventsRepository, the event log; `clientOf(request)` (events/client-info.ts) is the
 *   `client` of the calls above.
 * - `authTokens.verify(appId, jwt)` → user id or null; `currentUser(request)` in
 *   current-user/bearer-auth.ts does the whole Bearer check.
 * - `signingKeys.forApp(appId)` — the app's RS256 key (`signing.privateKey`, `signing.kid`) and JWKS.
 * - `rateLimits` — DB-backed counters (`hit`, `exhausted`, `reset`, `enforce` → 429
 *   `too_many_requests`); policies and key builders in security/limits.ts.
 * - `lookupLimits` — the same counters for identifier lookups, counted in memory and written in batches
 *   (`enforce` is synchronous); `close()` writes what is left.
 * - `secrets.get(name)` — 32-byte secrets shared by all instances.
 */
export class IdentityServices {
  readonly users: UsersRepository;
  /** The provider identities linked to users (social sign-in). */
  readonly socialConnections: SocialConnectionsRepository;
  /** App settings cached for ~2 s (apps/app-cache.ts). */
  readonly appCache: AppCache;
  readonly rateLimits: RateLimiter;
  readonly lookupLimits: BatchedRateLimiter;
  readonly signingKeys: SigningKeys;
  readonly authTokens: AuthTokens;
  readonly refreshTokens: RefreshTokens;
  readonly authResults: AuthResults;
  /** The event log: sign-ins, refused proofs and account changes (docs/server/operations.md). */
  readonly events: EventsRepository;
  readonly housekeeping: Housekeeping;
  credentials: CredentialSummaries = noCredentials;

  constructor(
    readonly db: Db,
    readonly apps: AppsRepository,
    readonly sender: MessageSender,
    readonly secrets: ServerSecrets,
    readonly log: FastifyBaseLogger,
    options: { publicUrl: string; rateLimitFactor: number; eventRetentionDays: number },
    metrics: MetricsRecorder = NO_METRICS,
  ) {
    this.users = new UsersRepository(db);
    this.socialConnections = new SocialConnectionsRepository(db);
    this.appCache = new AppCache(apps);
    this.rateLimits = new RateLimiter(db, options.rateLimitFactor, metrics);
    this.lookupLimits = new BatchedRateLimiter(db, {
      factor: options.rateLimitFactor,
      metrics,
      onFlushError: (error) => log.error({ err: error }, 'writing lookup counts failed; retrying'),
    });
    this.signingKeys = new SigningKeys(db);
    this.authTokens = new AuthTokens(this.signingKeys, options.publicUrl);
    this.refreshTokens = new RefreshTokens(db);
    this.housekeeping = new Housekeeping(db, log, options.eventRetentionDays);
    this.events = new EventsRepository(db);
    this.authResults = new AuthResults(
      db,
      this.appCache,
      this.users,
      this.authTokens,
      this.refreshTokens,
      log,
      metrics,
      this.events,
    );
  }

  /**
   * Activates or deactivates a user. Deactivating revokes every sign-in of the user in the same
   * transaction: their refresh tokens and the auth tokens those sign-ins issued stay dead, also after a
   * reactivation.
   */
  async setUserStatus(appId: string, userId: string, status: UserStatus): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.users.setStatus(appId, userId, status, trx);
      if (status === 'inactive') await this.refreshTokens.revokeUser(appId, userId, trx);
    });
  }

  /** Writes what is still only counted in memory. */
  async close(): Promise<void> {
    await this.lookupLimits.flush();
  }

  setCredentialSummaries(summaries: CredentialSummaries): void {
    this.credentials = summaries;
  }
}
