import Type from 'typebox';
import { CurrentUser } from 'open-passage/contract';
import type { CredentialSummary } from '../users/user-views.js';
import { toCurrentUser } from '../users/user-views.js';
import type { UserRow } from '../users/users-repository.js';

/** Passage's management `UserInfo`: the current user plus the keys passage-node maps over. */
export const ManagementUser = Type.Object({
  ...CurrentUser.properties,
  last_login_at: Type.String({
    description: '0001-01-01T00:00:00Z (as Passage) when the user never signed in',
  }),
  external_id: Type.String({ description: 'Always "" (Passage set it for Flex apps only)' }),
  recent_events: Type.Array(Type.Record(Type.String(), Type.Unknown()), {
    description: 'Always empty: sign-in events are not recorded per user',
  }),
});

export const ManagementUserBody = Type.Object({ user: ManagementUser });

/** What Passage answers for "never signed in": passage-node turns it into a Date, and "" into an Invalid Date. */
const NEVER = '0001-01-01T00:00:00Z';

export function toManagementUser(row: UserRow, credentials: CredentialSummary) {
  const user = toCurrentUser(row, credentials);
  return { ...user, last_login_at: user.last_login_at || NEVER, external_id: '', recent_events: [] };
}
