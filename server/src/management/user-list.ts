import Type, { type Static } from 'typebox';
import type { IdentityServices } from '../identity-services.js';
import { findUserPage, UserListQuery } from '../users/user-list-query.js';
import { ManagementUser, toManagementUser } from './management-user.js';

export const ManagementUserListQuery = UserListQuery(
  500,
  'An email address or a phone number (required without an API key: the auth API lookup)',
);

/** Passage's `ListPaginatedUsersItem`: a user without passkeys, events or social connections. */
const ListedUser = Type.Pick(ManagementUser, [
  'id',
  'email',
  'email_verified',
  'phone',
  'phone_verified',
  'status',
  'user_metadata',
  'external_id',
  'created_at',
  'updated_at',
  'last_login_at',
  'login_count',
]);
const Link = Type.Object({ href: Type.String() });

export const UserList = Type.Object({
  _links: Type.Object({ first: Link, last: Link, next: Link, previous: Link, self: Link }),
  created_before: Type.Integer({ description: 'Unix seconds: when this list was read' }),
  page: Type.Integer(),
  limit: Type.Integer(),
  total_users: Type.Integer({ description: 'How many users match, on all pages' }),
  users: Type.Array(ListedUser),
});

/** One page of an app's users, in Passage's list shape (links are "" where there is no such page). */
export async function userListPage(
  identity: IdentityServices,
  appId: string,
  query: UserListQuery,
): Promise<Static<typeof UserList>> {
  const { page, limit } = query;
  const found = await findUserPage(identity.users, appId, query);
  const last = Math.max(1, Math.ceil(found.total / limit));
  const href = (n: number) => `/v1/apps/${appId}/users?page=${n}&limit=${limit}`;
  // The listed shape names no passkey field, so none is read.
  const users = found.users.map((user) => toManagementUser(user, { webauthnTypes: [], devices: [] }));
  return {
    _links: {
      first: { href: href(1) },
      last: { href: href(last) },
      next: { href: page < last ? href(page + 1) : '' },
      previous: { href: page > 1 ? href(page - 1) : '' },
      self: { href: href(page) },
    },
    created_before: Math.floor(Date.now() / 1000),
    page,
    limit,
    total_users: found.total,
    users,
  };
}
