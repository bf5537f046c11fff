import type { AppSettings } from '../apps/app-settings.js';
import { invalidRequest } from '../http/api-error.js';
import { LIMITS, limitKeys } from '../security/limits.js';
import { userNotActive } from '../tokens/auth-results.js';
import type { Identifier } from './identifier.js';
import type { IdentityServices } from './identity-services.js';
import { publicSignupDisabled, userAlreadyExists } from './users-routes.js';
import type { UserRow } from './users-repository.js';

export type SignInPurpose = 'login' | 'register';

/**
 * The user a code or link is for. Register: a new or still pending user (created pending when
 * public sign-up is on). Login: an existing user that is not inactive (a pending one may finish
 * signing up by proving control of its identifier).
 */
export async function signInSubject(
  identity: IdentityServices,
  app: AppSettings,
  identifier: Identifier,
  purpose: SignInPurpose,
  ip: string,
): Promise<UserRow> {
  const existing = await identity.users.findByIdentifier(app.id, identifier);
  if (purpose === 'login') {
    if (!existing) throw invalidRequest('No user with this identifier exists in this app.');
    if (existing.status === 'inactive') throw userNotActive();
    return existing;
  }
  if (existing) {
    if (existing.status !== 'pending') throw userAlreadyExists();
    return existing;
  }
  if (!app.public_signup) throw publicSignupDisabled();
  await identity.rateLimits.enforce(
    limitKeys.signupFromIp(app.id, ip),
    LIMITS.signupsPerIp,
    'Too many sign-ups from this address.',
  );
  return identity.users.createPending(app.id, identifier, null);
}

/** Send limits for codes and links (security notes C6): per IP first, then per identifier. */
export async function enforceSendLimits(
  identity: IdentityServices,
  appId: string,
  identifier: Identifier,
  ip: string,
): Promise<void> {
  await identity.rateLimits.enforce(
    limitKeys.sendFromIp(appId, ip),
    LIMITS.sendPerIp,
    'Too many codes or links were requested from this address.',
  );
  await identity.rateLimits.enforce(
    limitKeys.sendToIdentifier(appId, identifier.value),
    LIMITS.sendPerIdentifier,
    'Too many codes or links were sent to this identifier.',
  );
}

/** The language of a message: the request's primary subtag, else the app's default. */
export function messageLanguage(app: AppSettings, requested: string | undefined): string {
  const primary = requested?.trim().toLowerCase().split('-')[0];
  return primary && /^[a-z]{2,3}$/.test(primary) ? primary : app.default_language;
}
