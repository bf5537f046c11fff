/**
 * Where the server lets a link or a redirect point. Checks run on the URL as a browser resolves it, not
 * on the text: "/.//evil.example" and "/a/../..//evil.example" start with a single "/" but resolve to
 * the path "//evil.example", which a page that uses it as a relative URL reads as another host.
 */

/** The URL parser drops tabs and line breaks silently ("/\t/x" becomes "//x"); other controls have no use. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * `path` resolved against `origin` when it is a path on that origin: it starts with one "/", has no
 * backslash (browsers read it as "/") and no control character, and its normalised path does not start
 * with "//". Otherwise null.
 */
export function sameOriginPath(path: string, origin: string): URL | null {
  if (!path.startsWith('/') || path.includes('\\') || CONTROL.test(path)) return null;
  const base = new URL(origin).origin;
  let url: URL;
  try {
    url = new URL(path, base);
  } catch {
    return null;
  }
  return url.origin === base && !url.pathname.startsWith('//') ? url : null;
}

/**
 * Why `value` may not be an app's redirect_url, or null when it may: a path on the app's own origin
 * (see sameOriginPath), or an absolute http(s) URL on the app's `auth_origin` or one of
 * `allowedOrigins`. Never `javascript:`, `data:` or any other scheme.
 */
export function redirectUrlProblem(
  value: string,
  authOrigin: string,
  allowedOrigins: readonly string[] = [],
): string | null {
  const allowed: string[] = [];
  for (const origin of [authOrigin, ...allowedOrigins]) {
    if (!URL.canParse(origin)) return `cannot be checked: ${JSON.stringify(origin)} is not an origin`;
    allowed.push(new URL(origin).origin);
  }
  if (value.startsWith('/')) {
    return sameOriginPath(value, authOrigin)
      ? null
      : 'must be a path on the app origin (one leading "/", no "//" after normalisation, no backslash or control character) or an http(s) URL';
  }
  if (value.includes('\\') || CONTROL.test(value)) return 'must not contain a backslash or control character';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be a path starting with "/" or an absolute http(s) URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http(s) URL or a path';
  if (url.username || url.password) return 'must not contain credentials';
  return allowed.includes(url.origin)
    ? null
    : `must be on the app's auth_origin or one of its allowed_redirect_origins (not ${url.origin})`;
}
