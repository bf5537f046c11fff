/** The prefix of one app's routes (docs/contributing.md, "A new route plugin"). */
const APP_PREFIX = '/v1/apps/:appId';

/** The first path segment of an app's route, after the prefix, and its family. */
const APP_FAMILIES: Readonly<Record<string, string>> = {
  users: 'users',
  tokens: 'tokens',
  '.well-known': 'well_known',
  currentuser: 'current_user',
  otp: 'otp',
  'magic-link': 'magic_link',
  'magic-links': 'magic_link',
  social: 'social',
};

/** `/login/<step>` and `/register/<step>`: the family is the sign-in method. */
const SIGN_IN_STEPS: Readonly<Record<string, string>> = {
  otp: 'otp',
  'magic-link': 'magic_link',
  webauthn: 'passkey',
};

/** Routes outside the app scope, by path prefix. */
const SERVER_FAMILIES: readonly (readonly [prefix: string, family: string])[] = [
  ['/v1/health', 'health'],
  ['/v1/openapi.json', 'openapi'],
  ['/api/v1.0/email/', 'contact'],
  ['/admin/', 'admin'],
  ['/dev/', 'dev'],
];

function appRouteFamily(rest: string): string {
  const [first = '', second = ''] = rest.split('/').filter((segment) => segment !== '');
  if (first === '') return 'app_info';
  if (first === 'login' || first === 'register') return SIGN_IN_STEPS[second] ?? 'app_other';
  return APP_FAMILIES[first] ?? 'app_other';
}

/**
 * The family of a route for the latency histogram, from the route's URL pattern (never the request's
 * path: ids in it would make a series each and leak into the metrics). `undefined` is a request no route
 * matched: 404s, CORS preflights of unknown paths, and the site's pages its fallback serves.
 */
export function routeFamily(pattern: string | undefined): string {
  if (pattern === undefined) return 'unmatched';
  if (pattern === '*') return 'preflight';
  if (pattern === APP_PREFIX || pattern.startsWith(`${APP_PREFIX}/`)) {
    return appRouteFamily(pattern.slice(APP_PREFIX.length));
  }
  return SERVER_FAMILIES.find(([prefix]) => pattern.startsWith(prefix))?.[1] ?? 'site';
}
