import type { UserEventsTable } from '../db/schema.js';

/**
 * The kinds of entries of the event log (docs/server/operations.md). `login` and `login_failed` carry the
 * sign-in method; the others are changes to an account, by the user or through the management API.
 */
export const EVENT_TYPES = [
  'login',
  'login_failed',
  'passkey_added',
  'passkey_removed',
  'identifier_changed',
  'user_activated',
  'user_deactivated',
  'sessions_revoked',
  'user_created',
  'social_linked',
  'social_unlinked',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** Who acted: the user themselves, an app's management API key, or the server's admin API. */
export type EventActor = UserEventsTable['actor'];
