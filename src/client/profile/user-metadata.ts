import type { CurrentUserClient } from '../current-user';
import type { CallOptions } from '../http';
import type { CurrentUser } from '../types';

/** `GET /currentuser/user-metadata`; a null answer becomes `{}`. */
export async function getUserMetadata(
  user: CurrentUserClient,
  options?: CallOptions,
): Promise<Record<string, unknown>> {
  const body = await user.call<{ user_metadata: Record<string, unknown> | null }>(
    'GET',
    '/user-metadata',
    undefined,
    options,
  );
  return body.user_metadata ?? {};
}

/** `PATCH /currentuser/user-metadata`: the server refuses unknown or invalid fields with a 400. */
export async function updateUserMetadata(
  user: CurrentUserClient,
  values: Record<string, unknown>,
  options?: CallOptions,
): Promise<CurrentUser> {
  const body = { user_metadata: values };
  return (await user.call<{ user: CurrentUser }>('PATCH', '/user-metadata', body, options)).user;
}
