import { invalidRequest } from '../http/api-error.js';
import { describeIdentifierProblem, parseIdentifier } from './identifier.js';
import type { UserRow, UsersRepository, UserStatus } from './users-repository.js';

/** The query of a paged user list (the admin API's and the management API's). */
export interface UserListQuery {
  page: number;
  limit: number;
  id?: string;
  identifier?: string;
  status?: UserStatus;
}

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
