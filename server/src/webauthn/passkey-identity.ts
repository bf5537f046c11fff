import type { ClientInfo } from '../events/client-info.js';
import type { AppSettings } from '../apps/app-settings.js';
import type { AuthResult, PublicUser, UserStatus } from 'open-passage/contract';

/** A user as the passkey endpoints need it. */
export interface PasskeyUser {
  id: string;
  status: UserStatus;
  email: string | null;
  phone: string | null;
}

/** The signed-in user behind a Bearer token. */
export interface BearerSession {
  /** Loaded and checked (not inactive) while the token was verified. */
  user: PasskeyUser;
  /** Seconds since the epoch of the sign-in that produced the token, when the token says so. */
  authTime?: number;
}

/**
 * What passkeys need from users and tokens (server/src/users, server/src/tokens): kept to one
 * small interface so the ceremonies do not depend on how those are built.
 */
export interface PasskeyIdentity {
  /** The user with this identifier (normalised as at sign-in); throws a 400 ApiError when it is malformed. */
  findByIdentifier(app: AppSettings, identifier: string): Promise<PasskeyUser | undefined>;
  findById(appId: string, userId: string): Promise<PasskeyUser | undefined>;
  /**
   * Creates the pending user of a new registration, or returns the existing one; refuses with a
   * 403 ApiError when the app has no public signup and a 429 when this address created too many.
   */
  createPending(app: AppSettings, identifier: string, ip: string): Promise<PasskeyUser>;
  /** Counts an identifier lookup from this address against the lookup budget (429 when spent). */
  countLookup(appId: string, ip: string): Promise<void>;
  /** The public `User` JSON. */
  publicUser(appId: string, user: PasskeyUser): Promise<PublicUser>;
  /**
   * Signs the user in: login bookkeeping plus the `auth_result`. With `activate`, a
   * pending user becomes active in the same transaction (its first passkey was just registered).
   */
  issueAuthResult(
    appId: string,
    userId: string,
    client: ClientInfo,
    options?: { activate?: boolean },
  ): Promise<AuthResult>;
  /** Counts and logs a passkey login whose assertion was refused (the metrics' sign-in failures). */
  loginRefused(appId: string, client: ClientInfo): void;
  /** Writes a passkey the user added or removed to the event log. */
  logPasskeyChange(
    appId: string,
    userId: string,
    change: 'passkey_added' | 'passkey_removed',
    client: ClientInfo,
  ): Promise<void>;
  /** Checks `Authorization: Bearer …` for this app; throws a 401 ApiError otherwise, 403 for an inactive user. */
  authenticate(appId: string, authorization: string | undefined): Promise<BearerSession>;
}
