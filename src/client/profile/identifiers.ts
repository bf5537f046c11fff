import type { CurrentUserClient } from '../current-user';
import type { CurrentUser } from '../types';

/**
 * `GET /currentuser` that fails loudly: unlike `userInfo()` (undefined for any non-200, as Passage's
 * client), the profile needs the status to tell an expired session from other failures.
 */
export async function getCurrentUser(user: CurrentUserClient): Promise<CurrentUser> {
  return (await user.call<{ user: CurrentUser }>('GET', '')).user;
}

/** Starts an email change; the server sends a confirmation link to the new address. Returns the link id. */
export async function changeEmail(
  user: CurrentUserClient,
  newEmail: string,
  language: string,
): Promise<string> {
  const body = await user.call<{ magic_link: { id: string } }>('PATCH', '/email', {
    new_email: newEmail,
    language,
  });
  return body.magic_link.id;
}

/** Starts a phone change; the server sends a confirmation link to the new number. Returns the link id. */
export async function changePhone(
  user: CurrentUserClient,
  newPhone: string,
  language: string,
): Promise<string> {
  const body = await user.call<{ magic_link: { id: string } }>('PATCH', '/phone', {
    new_phone: newPhone,
    language,
  });
  return body.magic_link.id;
}
