import { UserStatus } from 'open-passage/contract';
import Type, { type Static } from 'typebox';
import { invalidRequest } from '../http/api-error.js';
import { describeIdentifierProblem, parseIdentifier } from './identifier.js';
import type { UserRow, UsersRepository } from './users-repository.js';

/**
 * The query of a paged user list: the admin API's and the management API's, which differ in the
 * largest page they serve and in how they describe the identifier.
 */
export function UserListQuery(maxLimit: number, identifierDescription: string) {
  return Type.Object({
    page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: maxLimit, default: 20 }),
    id: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{1,64}$' })),
    identifier: Type.Optional(
      Type.String({ minLength: 1, maxLength: 320, description: identifierDescription }),
    ),
    status: Type.Optional(UserStatus),
  });
}
export type UserListQuery = Static<ReturnType<typeof UserListQuery>>;

/** One page of an app's users matching the query; an identifier that can't be one is 400 `invalid_request`. */
export async function findUserPage(
  users: UsersRepository,
  appId: string,
  { page, limit, id, identifier: raw, status }: UserListQuery,
): Promise<{ users: UserRow[]; total: number }> {
  let identifier;
  if (raw !== undefined) {
    const parsed = parseIdentifier(raw, 'both');
    if (!parsed.ok) throw invalidRequest(describeIdentifierProblem(parsed.problem, 'both'));
    identifier = parsed.identifier;
  }
  return users.listPage(appId, { offset: (page - 1) * limit, limit }, { id, identifier, status });
}
