import type { Migration } from 'kysely/migration';
import * as apps from './0001-apps.js';
import * as devOutbox from './0002-dev-outbox.js';
import * as users from './0003-users.js';
import * as signingKeys from './0004-signing-keys.js';
import * as refreshTokens from './0005-refresh-tokens.js';
import * as rateLimits from './0006-rate-limits.js';
import * as oneTimeCodes from './0007-one-time-codes.js';
import * as magicLinks from './0008-magic-links.js';
import * as serverSecrets from './0009-server-secrets.js';
import * as outgoingMessages from './0010-outgoing-messages.js';
import * as contactMessages from './0011-contact-messages.js';
import * as webauthnCredentials from './0015-webauthn-credentials.js';
import * as webauthnChallenges from './0016-webauthn-challenges.js';
import * as refreshFamilies from './0017-refresh-families.js';
import * as codeFailureBudget from './0018-code-failure-budget.js';
import * as outgoingExpiry from './0019-outgoing-expiry.js';
import * as oneFirstSigningKey from './0020-one-first-signing-key.js';
import * as apiKeys from './0021-api-keys.js';
import * as apiKeyRevocation from './0022-api-key-revocation.js';
import * as userEvents from './0023-user-events.js';
import * as social from './0024-social.js';
import * as smsDeliveryStatus from './0025-sms-delivery-status.js';
import * as socialLinkCodes from './0026-social-link-codes.js';
import * as webhooks from './0027-webhooks.js';

/** Every migration, in order. Names sort lexically; never rename or edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001-apps': apps,
  '0002-dev-outbox': devOutbox,
  '0003-users': users,
  '0004-signing-keys': signingKeys,
  '0005-refresh-tokens': refreshTokens,
  '0006-rate-limits': rateLimits,
  '0007-one-time-codes': oneTimeCodes,
  '0008-magic-links': magicLinks,
  '0009-server-secrets': serverSecrets,
  '0010-outgoing-messages': outgoingMessages,
  '0011-contact-messages': contactMessages,
  '0015-webauthn-credentials': webauthnCredentials,
  '0016-webauthn-challenges': webauthnChallenges,
  '0017-refresh-families': refreshFamilies,
  '0018-code-failure-budget': codeFailureBudget,
  '0019-outgoing-expiry': outgoingExpiry,
  '0020-one-first-signing-key': oneFirstSigningKey,
  '0021-api-keys': apiKeys,
  '0022-api-key-revocation': apiKeyRevocation,
  '0023-user-events': userEvents,
  '0024-social': social,
  '0025-sms-delivery-status': smsDeliveryStatus,
  '0026-social-link-codes': socialLinkCodes,
  '0027-webhooks': webhooks,
};
