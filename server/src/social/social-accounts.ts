import type { SocialCallbackError } from 'open-passage/contract';
import type { AppSettings } from '../apps/app-settings.js';
import type { ClientInfo } from '../events/client-info.js';
import type { IdentityServices } from '../identity-services.js';
import { LIMITS, limitKeys } from '../security/limits.js';
import type { ProviderIdentity } from './provider-clients.js';

/** Where the callback lands: the user to sign in, or why none (an error for the page). */
export type AccountOutcome =
  | { ok: true; userId: string; link?: PendingLink }
  | { ok: false; error: SocialCallbackError; description: string };

/** A provider identity a link flow brought back, linked only at the code's exchange. */
export interface PendingLink {
  providerId: string;
  identifier: string;
}

const refused = (error: SocialCallbackError, description: string): AccountOutcome => ({
  ok: false,
  error,
  description,
});

const providerLink = (who: ProviderIdentity): PendingLink => ({
  providerId: who.subject,
  identifier: who.identifier,
});

/**
 * Which user a provider identity signs in (docs/server/social-sign-in.md): the one it is linked to;
 * else the user with its email when both the provider and this server verified that email (the
 * identity is linked then); else a new user when the app takes sign-ups: with the email when the
 * provider verified it, else without one (only when the app's required_identifier is `either`). An
 * email known here but unverified here is never taken over (`account_exists`).
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
    await socialConnections.link(app.id, linkedUser.id, type, providerLink(who));
    return { ok: true, userId: linkedUser.id };
  }
  // An email the provider did not verify proves nothing: it neither finds a user nor goes on a new one
  // (else anyone could sign up with someone else's address and wait for its owner: pre-account takeover).
  const email = who.emailVerified ? who.email : null;
  const existing = email && (await users.findByIdentifier(app.id, { type: 'email', value: email }));
  if (existing) {
    if (existing.email_verified !== 1) {
      return refused(
        'account_exists',
        'An account with this email address already exists. Sign in to it another way, then link this provider from your profile.',
      );
    }
    if (existing.status === 'inactive') return refused('not_allowed', 'This account is no longer active.');
    return linkTo(identity, app.id, existing.id, type, providerLink(who));
  }
  if (!app.public_signup) return refused('not_allowed', `${app.name} does not take new sign-ups.`);
  if (!email && app.required_identifier !== 'either') {
    return refused(
      'not_allowed',
      `${app.name} needs a verified email address, and this provider did not confirm one for your account. Sign up with your email address instead.`,
    );
  }
  // Counted like every other sign-up from this address.
  const budget = await identity.rateLimits.hit(
    limitKeys.signupFromIp(app.id, client.ip),
    LIMITS.signupsPerIp,
  );
  if (!budget.allowed) {
    return refused('not_allowed', 'Too many sign-ups from this address just now. Please try again later.');
  }
  const created = await users.createActive(app.id, { email, phone: null }, {});
  if (!created) return refused('account_exists', 'An account with this email address already exists.');
  if (email) await users.confirmIdentifier(app.id, created.id, 'email');
  return linkTo(identity, app.id, created.id, type, providerLink(who));
}

/**
 * A link flow came back: the identity waits with the one-time code for the user who started it (still
 * active). It is linked only at `/social/token`, where the page that asked proves itself with its PKCE
 * verifier: whoever else opened the link URL cannot attach their provider account to that user.
 */
export async function pendingLink(
  identity: IdentityServices,
  app: AppSettings,
  userId: string,
  who: ProviderIdentity,
): Promise<AccountOutcome> {
  const user = await identity.users.findById(app.id, userId);
  if (!user || user.status === 'inactive') return refused('not_allowed', 'This account is no longer active.');
  return { ok: true, userId, link: { providerId: who.subject, identifier: who.identifier } };
}

/** Links the identity to the user who started the link flow, once `/social/token` checked the verifier. */
export async function linkAccount(
  identity: IdentityServices,
  app: AppSettings,
  userId: string,
  type: string,
  link: PendingLink,
  client: ClientInfo,
): Promise<AccountOutcome> {
  const user = await identity.users.findById(app.id, userId);
  if (!user || user.status === 'inactive') return refused('not_allowed', 'This account is no longer active.');
  const outcome = await linkTo(identity, app.id, userId, type, link);
  if (outcome.ok) await identity.events.record({ appId: app.id, userId, type: 'social_linked', client });
  return outcome;
}

async function linkTo(
  identity: IdentityServices,
  appId: string,
  userId: string,
  type: string,
  link: PendingLink,
): Promise<AccountOutcome> {
  const linked = await identity.socialConnections.link(appId, userId, type, link);
  return linked
    ? { ok: true, userId }
    : refused('connection_in_use', 'This account of the provider is already linked to another user.');
}
