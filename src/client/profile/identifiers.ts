import type { CurrentUserClient } from '../current-user';
import type { CallOptions } from '../http';
import type { CurrentUser } from '../types';

/**
 * `GET /currentuser` that fails loudly: unlike `userInfo()` (undefined for any non-200, as Passage's
 * client), the profile needs the status to tell an expired session from other failures.
 */
export async function getCurrentUser(user: CurrentUserClient, options?: CallOptions): Promise<CurrentUser> {
  return (await user.call<{ user: CurrentUser }>('GET', '', undefined, options)).user;
}

export interface IdentifierChangeOptions extends CallOptions {
  /** Language of the confirmation message. */
  language: string;
  /** Where the confirmation link lands (a path on the app's origin); the server's default without it. */
  magicLinkPath?: string;
}

/**
 * `PATCH /currentuser/email|phone`: starts a change; the server sends a confirmation link
 * (`psg_verify_link`) to the new address or number. Returns the link id.
 */
async function changeIdentifier(
  user: CurrentUserClient,
  kind: 'email' | 'phone',
  value: string,
  { language, magicLinkPath, signal }: IdentifierChangeOptions,
): Promise<string> {
  const body = {
    [`new_${kind}`]: value,
    language,
    ...(magicLinkPath ? { magic_link_path: magicLinkPath } : {}),
  };
  const options = signal ? { signal } : undefined;
  return (await user.call<{ magic_link: { id: string } }>('PATCH', `/${kind}`, body, options)).magic_link.id;
}

/** Starts an email change; the link goes to the new address. */
export function changeEmail(user: CurrentUserClient, newEmail: string, options: IdentifierChangeOptions) {
  return changeIdentifier(user, 'email', newEmail, options);
}

/** Starts a phone change; the link goes to the new number by text message. */
export function changePhone(user: CurrentUserClient, newPhone: string, options: IdentifierChangeOptions) {
  return changeIdentifier(user, 'phone', newPhone, options);
}
