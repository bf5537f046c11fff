import type { FastifyRequest } from 'fastify';

/**
 * What a request addresses, for the decisions made by path (which app's origin may call it, whether it
 * is public). It is read from the route the router chose and the parameters it decoded, never from the
 * raw URL: one route has many spellings (`/v1/apps/%74estApp…`, `/v1/%61pps/…`, the absolute form
 * `http://host/v1/apps/…`, `/v1/apps/id#x`), and a pattern over the raw URL missed some of them.
 */
export type RequestTarget =
  | { kind: 'app'; appId: string; isPublic: boolean; isAppInfo: boolean; isNavigation: boolean }
  | { kind: 'contact' }
  | { kind: 'other' };

/** The route that answers CORS preflights (any OPTIONS request): its `*` parameter is the decoded path. */
export const PREFLIGHT_ROUTE = '/*';

const APP_ROUTE = '/v1/apps/:appId';
const APP_PATH = /^\/v1\/apps\/([^/]+)(\/.*)?$/;
const PUBLIC_SUFFIX = /^\/\.well-known\//;
/**
 * The social callback is where providers send the browser back: Apple's `form_post` is a cross-site
 * POST from its page, carrying its Origin. It is a navigation, never read by a script: no CORS header,
 * and no refusal for the Origin (the flow's state and the browser's cookie guard it).
 */
const NAVIGATION_SUFFIX = /^\/social\/oauth2_callback$/;
const CONTACT = /^\/api\/v1\.0\/email\//;
const OTHER: RequestTarget = { kind: 'other' };

/** The target of a route pattern or of a decoded path (a preflight's), with its app id when it has one. */
function targetOf(path: string, appId: string | undefined): RequestTarget {
  if (CONTACT.test(path)) return { kind: 'contact' };
  const app = APP_PATH.exec(path);
  if (!app || appId === undefined) return OTHER;
  const rest = app[2] ?? '';
  // The app-info call, `GET /v1/apps/{appId}`: the elements' first request.
  return {
    kind: 'app',
    appId,
    isPublic: PUBLIC_SUFFIX.test(rest),
    isAppInfo: rest === '' || rest === '/',
    isNavigation: NAVIGATION_SUFFIX.test(rest),
  };
}

export function requestTarget(request: FastifyRequest): RequestTarget {
  const route = request.routeOptions.url;
  const params = request.params as { appId?: string; '*'?: string };
  // No route: the request gets a 404, whatever its path looks like.
  if (route === undefined) return OTHER;
  if (route === PREFLIGHT_ROUTE) {
    // The request the browser asks about is judged again from its own route when it comes.
    const path = `/${params['*'] ?? ''}`;
    return targetOf(path, APP_PATH.exec(path)?.[1]);
  }
  return targetOf(route, route === APP_ROUTE || route.startsWith(`${APP_ROUTE}/`) ? params.appId : undefined);
}
