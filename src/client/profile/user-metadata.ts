import type { CurrentUserClient } from '../current-user';
import type { CurrentUser } from '../types';

/** `GET /currentuser/user-metadata`; a null answer becomes `{}`. */
export async function getUserMetadata(user: CurrentUserClient): Promise<Record<string, unknown>> {
  const body = await user.call<{ user_metadata: Record<string, unknown> | null }>('GET', '/user-metadata');
  return body.user_metadata ?? {};
}

/** `PATCH /currentuser/user-metadata`: the server refuses unknown or invalid fields with a 400. */
export async function updateUserMetadata(
  user: CurrentUserClient,
  values: Record<string, unknown>,
): Promise<CurrentUser> {
  return (await user.call<{ user: CurrentUser }>('PATCH', '/user-metadata', { user_metadata: values })).user;
}
