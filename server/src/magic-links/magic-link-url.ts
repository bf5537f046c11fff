import { type AppSettings, servedLoginUrl } from '../apps/app-settings.js';
import { invalidRequest } from '../http/api-error.js';
import { sameOriginPath } from '../http/safe-urls.js';

export type LinkParameter = 'psg_magic_link' | 'psg_verify_link';

/**
 * The link a user receives: the app's `auth_origin` + the client's `magic_link_path`, with the token
 * merged into the query (before any #fragment). Built from configuration, never from the Host header;
 * the path is judged after normalisation, so it cannot leave the app's origin nor resolve to "//host".
 */
export function buildMagicLinkUrl(
  authOrigin: string,
  path: string,
  parameter: LinkParameter,
  token: string,
): string {
  const url = sameOriginPath(path, authOrigin);
  if (!url) {
    throw invalidRequest(
      'magic_link_path must be a path on the app origin: one leading "/", no "//" after normalisation, no backslash or control character.',
    );
  }
  url.searchParams.delete('psg_magic_link');
  url.searchParams.delete('psg_verify_link');
  url.searchParams.set(parameter, token);
  return url.toString();
}

/**
 * Where a link lands, as the origin and path buildMagicLinkUrl takes: the client's `magic_link_path`
 * when it names one; else the app's `login_url`, the page that holds the element (Passage's clients
 * send no path with an email or phone change); else the root of the app's origin.
 */
export function linkLanding(
  app: Pick<AppSettings, 'auth_origin' | 'login_url'>,
  clientPath: string | undefined,
): { origin: string; path: string } {
  if (clientPath) return { origin: app.auth_origin, path: clientPath };
  const login = servedLoginUrl(app);
  if (!login) return { origin: app.auth_origin, path: '/' };
  const url = new URL(login, app.auth_origin);
  return { origin: url.origin, path: `${url.pathname}${url.search}${url.hash}` };
}
