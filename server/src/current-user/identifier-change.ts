import type { ClientInfo } from '../events/client-info.js';
import { ERROR_CODES, type IdentifierType } from 'open-passage/contract';
import type { AppSettings } from '../apps/app-settings.js';
import { ApiError, invalidRequest } from '../http/api-error.js';
import { buildMagicLinkUrl, linkLanding } from '../magic-links/magic-link-url.js';
import { MagicLinks } from '../magic-links/magic-links.js';
import { LINK_LIFETIME_MS } from '../security/lifetimes.js';
import { describeIdentifierProblem, parseIdentifier } from '../users/identifier.js';
import type { IdentityServices } from '../identity-services.js';
import { enforceSendLimits, messageLanguage } from '../sign-in/sign-in-subject.js';
import type { UserRow } from '../users/users-repository.js';

export interface ChangeRequest {
  type: IdentifierType;
  /** As typed; '' removes the identifier. */
  value: string;
  language?: string;
  magicLinkPath?: string;
}

/** `profile_management: false`: users may not change their identifiers or metadata themselves. */
export const profileChangesDisabled = () =>
  new ApiError(403, ERROR_CODES.OPERATION_NOT_ALLOWED, 'Profile changes are disabled for this app.');

const WORDS: Record<IdentifierType, string> = { email: 'email address', phone: 'phone number' };

/** Whether the user may go without `type` under the app's `required_identifier`. */
function mayRemove(app: AppSettings, user: UserRow, type: IdentifierType): boolean {
  const required = app.required_identifier;
  if (required === 'both' || required === type) return false;
  const other = type === 'email' ? user.phone : user.email;
  return other !== null && other !== '';
}

/**
 * `PATCH /currentuser/email|phone`. A new identifier is only applied once the user opens the
 * verification link (`psg_verify_link`) sent to it: the answer is `{magic_link: {id}}` as Passage's.
 * An empty value removes the identifier at once when the app allows it (answer: `{magic_link: {id: ''}}`).
 */
export async function changeIdentifier(
  identity: IdentityServices,
  app: AppSettings,
  user: UserRow,
  change: ChangeRequest,
  client: ClientInfo,
): Promise<{ magic_link: { id: string } }> {
  const { type } = change;
  if (!app.profile_management) throw profileChangesDisabled();
  const raw = change.value.trim().toLowerCase();
  if (raw === '') {
    if (!mayRemove(app, user, type)) {
      throw invalidRequest('Your account must have either an email or a phone number.');
    }
    await identity.users.changeIdentifier(app.id, user.id, type, null, false);
    await identity.events.record({ appId: app.id, userId: user.id, type: 'identifier_changed', client });
    return { magic_link: { id: '' } };
  }
  const parsed = parseIdentifier(raw, type);
  if (!parsed.ok && parsed.problem === 'invisible') {
    throw invalidRequest(`new_${type}: ${describeIdentifierProblem(parsed.problem, type)}`);
  }
  if (!parsed.ok) throw invalidRequest(`new_${type} is not a valid ${WORDS[type]}.`);
  const { value } = parsed.identifier;
  if ((type === 'email' ? user.email : user.phone) === value) {
    throw invalidRequest(`This is already your ${WORDS[type]}.`);
  }
  const owner = await identity.users.findByIdentifier(app.id, { type, value });
  if (owner) throw invalidRequest(`This ${WORDS[type]} is already in use.`);

  const { origin, path } = linkLanding(app, change.magicLinkPath);
  buildMagicLinkUrl(origin, path, 'psg_verify_link', 'check');
  const links = new MagicLinks(identity.db);
  const { link, ticket } = await identity.db.transaction().execute(async (trx) => {
    await enforceSendLimits(identity, app.id, { type, value }, client.ip, trx);
    const created = await links.create(app.id, user.id, value, `verify-${type}`, trx);
    const queued = await identity.sender.enqueueIn(trx, {
      appId: app.id,
      channel: type === 'email' ? 'email' : 'sms',
      to: value,
      kind: 'verify-identifier',
      language: messageLanguage(app, change.language),
      params: {
        link: buildMagicLinkUrl(origin, path, 'psg_verify_link', created.token),
        appName: app.name,
        identifierType: type,
      },
      expiresAt: Date.now() + LINK_LIFETIME_MS,
    });
    return { link: created, ticket: queued };
  });
  identity.sender.release([ticket]);
  identity.log.info({ event: 'identifier_change.requested', appId: app.id, userId: user.id, type });
  return { magic_link: { id: link.id } };
}
