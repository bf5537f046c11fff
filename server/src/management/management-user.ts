import Type from 'typebox';
import { CurrentUser } from '../openapi/passage-schemas.js';
import type { CredentialSummary } from '../users/user-views.js';
import { toCurrentUser } from '../users/user-views.js';
import type { UserRow } from '../users/users-repository.js';

/** Passage's management `UserInfo`: the current user plus the keys passage-node maps over. */
export const ManagementUser = Type.Object({
  ...CurrentUser.properties,
  external_id: Type.String({ description: 'Always "" (Passage set it for Flex apps only)' }),
  recent_events: Type.Array(Type.Record(Type.String(), Type.Unknown()), {
    description: 'Always empty: sign-in events are not recorded per user',
  }),
});

export const ManagementUserBody = Type.Object({ user: ManagementUser });

export function toManagementUser(row: UserRow, credentials: CredentialSummary) {
  return { ...toCurrentUser(row, credentials), external_id: '', recent_events: [] };
}
