import { ERROR_CODES, type ErrorBody, type OriginRefusalBody } from 'open-passage/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appNotFound } from './api-error.js';
import { OriginRefusalLog } from './origin-refusals.js';
import { PREFLIGHT_ROUTE, requestTarget } from './request-target.js';

const CORS_ALLOWED_HEADERS = 'Passage-Version, Passage-Element-Version, Authorization, Content-Type';
const CORS_ALLOWED_METHODS = 'GET, POST, PATCH, PUT, DELETE, OPTIONS';

/** What a browser sends as Origin: `scheme://host[:port]` or `null`. Only such a value is echoed back. */
const ORIGIN_SHAPE = /^(?:null|[a-z][a-z0-9+.-]*:\/\/[^\s/?#]{1,253})$/i;

type Verdict =
  | { kind: 'public' | 'allowed' | 'none' }
  | { kind: 'foreign'; appId: string; authOrigin: string; isAppInfo: boolean }
  | { kind: 'unknown-app'; appId: string; isAppInfo: boolean };
type Refused = Extract<Verdict, { appId: string }>;

/** Which origins the apps allow (apps/app-origins.ts answers it from the apps' settings). */
export interface OriginPolicy {
  /** The app's auth_origin, or undefined when no app has this id. */
  authOriginOf(appId: string): Promise<string | undefined>;
  isAppOrigin(appId: string, origin: string): Promise<boolean>;
  isAnyAppOrigin(origin: string): Promise<boolean>;
}

/** A route browsers navigate to from other sites (the social callback), where Origin decides nothing. */
function isNavigationTarget(request: FastifyRequest): boolean {
  const target = requestTarget(request);
  return target.kind === 'app' && target.isNavigation;
}

/** Which origins may call what: an app's API only its auth_origin; the contact endpoint any app's origin. */
async function judge(request: FastifyRequest, origins: OriginPolicy, origin: string): Promise<Verdict> {
  const target = requestTarget(request);
  if (target.kind === 'contact') return { kind: (await origins.isAnyAppOrigin(origin)) ? 'allowed' : 'none' };
  if (target.kind !== 'app') return { kind: 'none' };
  if (target.isPublic) return { kind: 'public' };
  const { appId, isAppInfo } = target;
  const authOrigin = await origins.authOriginOf(appId);
  if (authOrigin === undefined) return { kind: 'unknown-app', appId, isAppInfo };
  if (await origins.isAppOrigin(appId, origin)) return { kind: 'allowed' };
  return { kind: 'foreign', appId, authOrigin, isAppInfo };
}

/**
 * May the page read why it was refused? Only for the app-info call (its preflight asks for GET), so
 * the elements can tell a wrong app id and a page outside the app's auth_origin from an unreachable
 * server: to a browser, a refusal without Access-Control-Allow-Origin is a network error like any
 * other. The refusal carries no data but the app's auth_origin (which the app info gives anyone) and
 * no Access-Control-Allow-Credentials; every other route stays closed to foreign pages.
 */
function refusalIsReadable(request: FastifyRequest, verdict: Refused, origin: string, preflight: boolean) {
  const method = preflight ? request.headers['access-control-request-method'] : request.method;
  return method === 'GET' && verdict.isAppInfo && ORIGIN_SHAPE.test(origin);
}

function refusalBody(verdict: Refused, origin: string): ErrorBody | OriginRefusalBody {
  if (verdict.kind === 'unknown-app') {
    return { code: ERROR_CODES.APP_NOT_FOUND, error: appNotFound().message };
  }
  return {
    code: ERROR_CODES.ORIGIN_NOT_ALLOWED,
    error:
      `Origin ${origin} is not the auth_origin of this app (${verdict.authOrigin}). ` +
      "To let pages on it use the app, set the app's auth_origin to it in the server's apps file.",
    origin,
    auth_origin: verdict.authOrigin,
  };
}

/**
 * CORS for each app's auth_origin only. Preflights are answered here; a request to an app's API that
 * carries a foreign Origin is refused with 403 (browsers' simple requests would otherwise get through),
 * one for an app id no app has with 404. Each refusal is logged as a warning (throttled).
 */
export function registerCors(app: FastifyInstance, origins: OriginPolicy): void {
  const refusals = new OriginRefusalLog();
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (!origin) return;
    const preflight = request.method === 'OPTIONS' && !!request.headers['access-control-request-method'];
    if (!preflight && isNavigationTarget(request)) return;
    const verdict = await judge(request, origins, origin);
    reply.header('Vary', 'Origin');
    if (verdict.kind === 'foreign' || verdict.kind === 'unknown-app') {
      const authOrigin = verdict.kind === 'foreign' ? verdict.authOrigin : undefined;
      refusals.refused(request.log, { appId: verdict.appId, origin, authOrigin, preflight });
      return refuse(request, reply, verdict, preflight);
    }
    if (verdict.kind === 'public') reply.header('Access-Control-Allow-Origin', '*');
    if (verdict.kind === 'allowed') {
      reply.header('Access-Control-Allow-Origin', origin);
      // A 429's Retry-After is no CORS-safelisted header: the page reads it (when to try again) only so.
      if (!preflight) reply.header('Access-Control-Expose-Headers', 'Retry-After');
    }
    if (!preflight) return;
    if (verdict.kind === 'none') return reply.status(403).send(preflightRefusal(origin));
    return answerPreflight(reply, CORS_ALLOWED_METHODS, CORS_ALLOWED_HEADERS);
  });
  // Preflights need a route to land on; the hook above answers them before it runs.
  app.options(PREFLIGHT_ROUTE, { schema: { hide: true } }, async (_request, reply) =>
    reply.status(204).send(),
  );
}

/** A request (or preflight) for an app whose auth_origin is not the request's Origin, or for no app. */
function refuse(request: FastifyRequest, reply: FastifyReply, verdict: Refused, preflight: boolean) {
  const origin = request.headers.origin!;
  if (refusalIsReadable(request, verdict, origin, preflight)) {
    reply.header('Access-Control-Allow-Origin', origin);
    // The preflight passes, for GET and the version headers only: the request itself is refused below.
    if (preflight) return answerPreflight(reply, 'GET', 'Passage-Version, Passage-Element-Version');
  } else if (preflight && verdict.kind === 'foreign') {
    return reply.status(403).send(preflightRefusal(origin));
  }
  return reply.status(verdict.kind === 'foreign' ? 403 : 404).send(refusalBody(verdict, origin));
}

const preflightRefusal = (origin: string): ErrorBody => ({
  code: ERROR_CODES.ORIGIN_NOT_ALLOWED,
  error: `Origin ${origin} may not call this API.`,
});

function answerPreflight(reply: FastifyReply, methods: string, headers: string) {
  return reply
    .header('Access-Control-Allow-Methods', methods)
    .header('Access-Control-Allow-Headers', headers)
    .header('Access-Control-Max-Age', '600')
    .status(204)
    .send();
}
