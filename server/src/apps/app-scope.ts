import type { FastifyInstance } from 'fastify';
import Type, { type TObject } from 'typebox';
import { appNotFound } from '../http/api-error.js';
import type { AppSettings } from './app-settings.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The app of a route under `/v1/apps/:appId`, resolved once by the app scope (apps/app-scope.ts). */
    app: AppSettings;
  }
}

/**
 * Any text: the lookup decides, so an id no app can have (`my-app`, `%00`) is answered like one no app has,
 * 404 app_not_found, instead of failing a pattern first (the router refuses ids over 100 characters).
 */
const AppId = Type.String({
  description: "The app's id (an unknown or malformed one: 404 `app_not_found`)",
});
export const AppIdParams = Type.Object({ appId: AppId });

const APP_PREFIX = '/v1/apps/:appId';

/** A route's path parameters with `appId` first (the scope's prefix has it). */
function withAppId(params: TObject | undefined): TObject {
  if (!params) return AppIdParams;
  if ('appId' in params.properties) return params;
  return Type.Object({ ...AppIdParams.properties, ...params.properties });
}

/** Where the scope looks apps up: the identity core's AppCache (admin edits invalidate it). */
export interface AppLookup {
  find(appId: string): Promise<AppSettings | undefined>;
}

/**
 * Registers one app's API: `routes` adds its route plugins, each with paths below `/v1/apps/:appId`.
 * Every route of the scope gets `request.app` (404 `app_not_found` before the handler runs, after
 * the request was validated), and the `appId` parameter in its schema when it declares no parameters.
 */
export async function registerAppScope(
  http: FastifyInstance,
  apps: AppLookup,
  routes: (scope: FastifyInstance) => Promise<void>,
): Promise<void> {
  await http.register(
    async (scope) => {
      scope.decorateRequest('app', null as unknown as AppSettings);
      scope.addHook('onRoute', (route) => {
        if (route.schema) route.schema.params = withAppId(route.schema.params as TObject | undefined);
      });
      scope.addHook('preHandler', async (request) => {
        const app = await apps.find((request.params as { appId: string }).appId);
        if (!app) throw appNotFound();
        request.app = app;
      });
      await routes(scope);
    },
    { prefix: APP_PREFIX },
  );
}
