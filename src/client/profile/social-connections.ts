import type { SocialConnection } from '../../contract/social';
import type { KeyValueStorage } from '../browser-storage';
import type { CurrentUserClient } from '../current-user';
import type { CallOptions } from '../http';
import { PassageError } from '../passage-error';
import { beginSocial } from '../social';
import { sessionStore } from '../social-storage';

/** The providers linked to the signed-in user, by connection type. */
export type SocialConnections = Record<string, SocialConnection>;

/** `GET /currentuser/social-connections`. */
export async function listSocialConnections(
  user: CurrentUserClient,
  options?: CallOptions,
): Promise<SocialConnections> {
  const answer = await user.call<{ social_connections?: SocialConnections }>(
    'GET',
    '/social-connections',
    undefined,
    options,
  );
  return answer.social_connections ?? {};
}

/** `DELETE /currentuser/social-connections/{type}`: the server refuses to remove the last way in. */
export async function deleteSocialConnection(
  user: CurrentUserClient,
  connection: string,
  options?: CallOptions,
): Promise<void> {
  if (!connection) throw new PassageError(404, 'social_connection_not_found', 'No provider was named.');
  await user.call('DELETE', `/social-connections/${encodeURIComponent(connection)}`, undefined, options);
}

/**
 * Links a provider to the signed-in user: a PKCE state like a social sign-in's, then
 * `POST /currentuser/social-connections/link`, which answers the URL to navigate to (it carries no
 * bearer token). The provider comes back to `redirectUri` with `code` and `state`, as a sign-in does.
 */
export async function linkSocialConnection(
  user: CurrentUserClient,
  connection: string,
  redirectUri: string,
  options?: CallOptions & { storage?: KeyValueStorage },
): Promise<string> {
  const body = await beginSocial(options?.storage ?? sessionStore(), connection, redirectUri);
  const answer = await user.call<{ url?: unknown }>('POST', '/social-connections/link', body, options);
  if (typeof answer?.url !== 'string' || !answer.url)
    throw new PassageError(0, 'unexpected_answer', "The server's answer has no url.");
  return answer.url;
}
