import { ERROR_CODES } from 'open-passage/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PREFLIGHT_ROUTE, requestTarget } from './request-target.js';

export const CORS_ALLOWED_HEADERS = 'Passage-Version, Passage-Element-Version, Authorization, Content-Type';
export const CORS_ALLOWED_METHODS = 'GET, POST, PATCH, PUT, DELETE, OPTIONS';

type Verdict = 'public' | 'allowed' | 'foreign' | 'none';

/** Which origins the apps allow (apps/app-origins.ts answers it from the apps' settings). */
export interface OriginPolicy {
  isAppOrigin(appId: string, origin: string): Promise<boolean>;
  isAnyAppOrigin(origin: string): Promise<boolean>;
}

/** Which origins may call what: an app's API only its auth_origin; the contact endpoint any app's origin. */
async function judge(request: FastifyRequest, origins: OriginPolicy, origin: string): Promise<Verdict> {
  const target = requestTarget(request);
  if (target.kind === 'app' && target.isPublic) return 'public';
  if (target.kind === 'app') return (await origins.isAppOrigin(target.appId, origin)) ? 'allowed' : 'foreign';
  if (target.kind === 'contact') return (await origins.isAnyAppOrigin(origin)) ? 'allowed' : 'none';
  return 'none';
}

/**
 * CORS for each app's auth_origin only. Preflights are answered here; a request to an app's API that
 * carries a foreign Origin is refused with 403 (browsers' simple requests would otherwise get through).
 */
export function registerCors(app: FastifyInstance, origins: OriginPolicy): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (!origin) return;
    const verdict = await judge(request, origins, origin);
    const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'];
    reply.header('Vary', 'Origin');
    if (verdict === 'public') reply.header('Access-Control-Allow-Origin', '*');
    if (verdict === 'allowed') reply.header('Access-Control-Allow-Origin', origin);
    if (preflight) {
      if (verdict === 'public' || verdict === 'allowed') {
        reply
          .header('Access-Control-Allow-Methods', CORS_ALLOWED_METHODS)
          .header('Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS)
          .header('Access-Control-Max-Age', '600');
        return reply.status(204).send();
      }
      return reply
        .status(403)
        .send({ code: ERROR_CODES.ORIGIN_NOT_ALLOWED, error: `Origin ${origin} may not call this API.` });
    }
    if (verdict === 'foreign') {
      return reply.status(403).send({
        code: ERROR_CODES.ORIGIN_NOT_ALLOWED,
        error: `Origin ${origin} is not this app's auth_origin.`,
      });
    }
  });
  // Preflights need a route to land on; the hook above answers them before it runs.
  app.options(PREFLIGHT_ROUTE, { schema: { hide: true } }, async (_request, reply) =>
    reply.status(204).send(),
  );
}
