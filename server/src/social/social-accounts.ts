import type { SocialCallbackError } from 'open-passage/contract';
import type { AppSettings } from '../apps/app-settings.js';
import type { ClientInfo } from '../events/client-info.js';
import type { IdentityServices } from '../identity-services.js';
import { LIMITS, limitKeys } from '../security/limits.js';
import type { ProviderIdentity } from './provider-clients.js';

/** Where the callback lands: the user to sign in, or why none (an error for the page). */
export type AccountOutcome =
  { ok: true; userId: string } | { ok: false; error: SocialCallbackError; description: string };

const refused = (error: SocialCallbackError, description: string): AccountOutcome => ({
  ok: false,
  error,
  description,
});

/**
 * Which user a provider identity signs in (docs/server/social-sign-in.md): the one it is linked to;
 * else the user with its email when both the provider and this server verified that email (the
 * identity is linked then); else a new user when the app takes sign-ups. An email known here but
 * unverified on either side is never taken over (`account_exists`).
 */
export async function signInAccount(
  identity: IdentityServices,
  app: AppSettings,
  type: string,
  who: ProviderIdentity,
  client: ClientInfo,
): Promise<AccountOutcome> {
  const { users, socialConnections } = identity;
  const linked = await socialConnections.findByIdentity(app.id, type, who.subject);
  const linkedUser = linked && (await users.findById(app.id, linked.user_id));
  if (linkedUser) {
    if (linkedUser.status === 'inactive') return refused('not_allowed', 'This account is no longer active.');
    await socialConnections.link(app.id, linkedUser.id, type, {
      providerId: who.subject,
      identifier: who.identifier,
    });
    return { ok: true, userId: linkedUser.id };
  }
  if (!who.email) {
    return refused('invalid_response', 'The provider did not share an email address for this account.');
  }
  const existing = await users.findByIdentifier(app.id, { type: 'email', value: who.email });
  if (existing) {
    if (!who.emailVerified || existing.email_verified !== 1) {
      return refused(
        'account_exists',
        `An account with ${who.email} already exists. Sign in to it another way, then link this provider from your profile.`,
      );
    }
    if (existing.status === 'inactive') return refused('not_allowed', 'This account is no longer active.');
    return linkTo(identity, app.id, existing.id, type, who);
  }
  if (!app.public_signup) return refused('not_allowed', `${app.name} does not take new sign-ups.`);
  // Counted like every other sign-up from this address.
  const budget = await identity.rateLimits.hit(
    limitKeys.signupFromIp(app.id, client.ip),
    LIMITS.signupsPerIp,
  );
  if (!budget.allowed) {
    return refused('not_allowed', 'Too many sign-ups from this address just now. Please try again later.');
  }
  const created = await users.createActive(app.id, { email: who.email, phone: null }, {});
  if (!created) return refused('account_exists', `An account with ${who.email} already exists.`);
  if (who.emailVerified) await users.confirmIdentifier(app.id, created.id, 'email');
  return linkTo(identity, app.id, created.id, type, who);
}

/** Links the identity to the signed-in user who started a link flow. */
export async function linkAccount(
  identity: IdentityServices,
  app: AppSettings,
  userId: string,
  type: string,
  who: ProviderIdentity,
  client: ClientInfo,
): Promise<AccountOutcome> {
  const user = await identity.users.findById(app.id, userId);
  if (!user || user.status === 'inactive') return refused('not_allowed', 'This account is no longer active.');
  const outcome = await linkTo(identity, app.id, userId, type, who);
  if (outcome.ok) await identity.events.record({ appId: app.id, userId, type: 'social_linked', client });
  return outcome;
}

async function linkTo(
  identity: IdentityServices,
  appId: string,
  userId: string,
  type: string,
  who: ProviderIdentity,
): Promise<AccountOutcome> {
  const linked = await identity.socialConnections.link(appId, userId, type, {
    providerId: who.subject,
    identifier: who.identifier,
  });
  return linked
    ? { ok: true, userId }
    : refused('connection_in_use', 'This account of the provider is already linked to another user.');
}
