import { invalidRequest } from '../http/api-error.js';

export type LinkParameter = 'psg_magic_link' | 'psg_verify_link';

/**
 * The link a user receives: the app's `auth_origin` + the client's `magic_link_path`, with the token
 * merged into the query (before any #fragment). Built from configuration, never from the Host header,
 * and the path cannot leave the app's origin.
 */
export function buildMagicLinkUrl(
  authOrigin: string,
  path: string,
  parameter: LinkParameter,
  token: string,
): string {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) {
    throw invalidRequest('magic_link_path must be a path on the app origin that starts with a single "/".');
  }
  const origin = new URL(authOrigin).origin;
  const url = new URL(path, origin);
  if (url.origin !== origin) throw invalidRequest('magic_link_path must stay on the app origin.');
  url.searchParams.delete('psg_magic_link');
  url.searchParams.delete('psg_verify_link');
  url.searchParams.set(parameter, token);
  return url.toString();
}
