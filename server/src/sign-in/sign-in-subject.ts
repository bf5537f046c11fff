import type { AppSettings } from '../apps/app-settings.js';
import type { Db } from '../db/database.js';
import type { MessageKind } from '../delivery/outgoing-message.js';
import { invalidRequest } from '../http/api-error.js';
import { LIMITS, limitKeys } from '../security/limits.js';
import { userNotActive } from './auth-results.js';
import { createPendingUser } from '../users/counted-actions.js';
import type { Identifier } from '../users/identifier.js';
import type { IdentityServices } from '../identity-services.js';
import { publicSignupDisabled, userAlreadyExists } from '../users/users-routes.js';
import type { UserRow } from '../users/users-repository.js';

export type SignInPurpose = 'login' | 'register';

/**
 * The user a code or link is for. Register: a new or still pending user (created pending when
 * public sign-up is on). Login: an existing user that is not inactive (a pending one may finish
 * signing up by proving control of its identifier). `db` may be the caller's transaction.
 */
async function signInSubject(
  identity: IdentityServices,
  app: AppSettings,
  identifier: Identifier,
  purpose: SignInPurpose,
  ip: string,
  db: Db = identity.db,
): Promise<UserRow> {
  const existing = await identity.users.findByIdentifier(app.id, identifier, db);
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
  return createPendingUser(identity, app.id, identifier, ip, null, db);
}

/** Send limits for codes and links: per IP first, then per identifier. */
export async function enforceSendLimits(
  identity: IdentityServices,
  appId: string,
  identifier: Identifier,
  ip: string,
  db: Db = identity.db,
): Promise<void> {
  await identity.rateLimits.enforce(
    limitKeys.sendFromIp(appId, ip),
    LIMITS.sendPerIp,
    'Too many codes or links were requested from this address.',
    db,
  );
  await identity.rateLimits.enforce(
    limitKeys.sendToIdentifier(appId, identifier.value),
    LIMITS.sendPerIdentifier,
    'Too many codes or links were sent to this identifier.',
    db,
  );
}

/** The language of a message: the request's primary subtag, else the app's default. */
export function messageLanguage(app: AppSettings, requested: string | undefined): string {
  const primary = requested?.trim().toLowerCase().split('-')[0];
  return primary && /^[a-z]{2,3}$/.test(primary) ? primary : app.default_language;
}

/** What a send route stores for the user: a code or link row, and the parameters of its message. */
export interface SignInSecret {
  id: string;
  kind: MessageKind;
  params: Record<string, string>;
  expiresAt: number;
}

/**
 * The steps every code or link send shares, in one transaction so a refusal leaves nothing behind:
 * send limits, the user (created pending for a registration), the secret (`create`) and its message;
 * the message goes out once the transaction has committed.
 */
export async function sendSignInSecret(
  identity: IdentityServices,
  app: AppSettings,
  identifier: Identifier,
  purpose: SignInPurpose,
  request: { ip: string; language: string | undefined },
  create: (db: Db, user: UserRow) => Promise<SignInSecret>,
): Promise<{ user: UserRow; secretId: string }> {
  const { user, secret, ticket } = await identity.db.transaction().execute(async (trx) => {
    await enforceSendLimits(identity, app.id, identifier, request.ip, trx);
    const subject = await signInSubject(identity, app, identifier, purpose, request.ip, trx);
    const created = await create(trx, subject);
    const queued = await identity.sender.enqueueIn(trx, {
      appId: app.id,
      channel: identifier.type === 'email' ? 'email' : 'sms',
      to: identifier.value,
      kind: created.kind,
      language: messageLanguage(app, request.language),
      params: created.params,
      expiresAt: created.expiresAt,
    });
    return { user: subject, secret: created, ticket: queued };
  });
  identity.sender.release([ticket]);
  return { user, secretId: secret.id };
}
