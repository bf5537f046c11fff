import type { Db } from '../db/database.js';
import { LIMITS, limitKeys } from '../security/limits.js';
import type { Identifier } from './identifier.js';
import type { IdentityServices } from '../identity-services.js';
import type { UserMetadata } from './user-metadata.js';
import type { UserRow } from './users-repository.js';

/** Creates a pending user, counted against its address's sign-up limit (429 when spent). */
export async function createPendingUser(
  identity: IdentityServices,
  appId: string,
  identifier: Identifier,
  ip: string,
  metadata: UserMetadata | null = null,
  db: Db = identity.db,
): Promise<UserRow> {
  await identity.rateLimits.enforce(
    limitKeys.signupFromIp(appId, ip),
    LIMITS.signupsPerIp,
    'Too many sign-ups from this address.',
    db,
  );
  return identity.users.createPending(appId, identifier, metadata, db);
}

/** Counts an identifier lookup against its address's budget (429 when spent, W10). */
export function countLookup(identity: IdentityServices, appId: string, ip: string): void {
  identity.lookupLimits.enforce(
    limitKeys.lookupFromIp(appId, ip),
    LIMITS.lookupsPerIp,
    'Too many identifier lookups from this address.',
  );
}
