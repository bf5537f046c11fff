import type { FastifyInstance, RouteOptions } from 'fastify';

export interface RouteWithoutSchema {
  method: string;
  url: string;
  missing: string;
}

/** What a route's schema must describe: its path parameters, and its body when it takes one. */
export function missingSchemaParts(route: Pick<RouteOptions, 'method' | 'url' | 'schema'>): string | null {
  const schema = route.schema as Record<string, unknown> | undefined;
  if (schema?.hide) return null; // plugin routes (static files, CORS preflight)
  if (!schema || Object.keys(schema).length === 0) return 'schema';
  if (route.url.includes(':') && !schema.params) return 'params';
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.some((m) => ['POST', 'PUT', 'PATCH'].includes(m)) && !schema.body && !schema.consumes) {
    return 'body';
  }
  return null;
}

/**
 * Records every route registered after this call that lacks a schema (a test asserts there is none),
 * once the server is ready: a plugin's own onRoute hooks may complete a schema after this one ran.
 */
export function trackRouteSchemas(app: FastifyInstance): RouteWithoutSchema[] {
  const missing: RouteWithoutSchema[] = [];
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    for (const route of routes) {
      const part = missingSchemaParts(route);
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (part && !methods.every((m) => m === 'HEAD')) {
        missing.push({ method: methods.join(','), url: route.url, missing: part });
      }
    }
  });
  return missing;
}
