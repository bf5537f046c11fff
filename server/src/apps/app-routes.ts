import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { appNotFound } from '../http/api-error.js';
import { AppInfo, errorResponses } from '../openapi/passage-schemas.js';
import { toAppInfo } from './app-info.js';
import type { AppsRepository } from './apps-repository.js';

/**
 * Any text: the lookup decides, so an id no app can have (`my-app`, `%00`) is answered like one no app has,
 * 404 app_not_found, instead of failing a pattern first (the router refuses ids over 100 characters).
 */
export const AppId = Type.String({
  description: "The app's id (an unknown or malformed one: 404 `app_not_found`)",
});
export const AppIdParams = Type.Object({ appId: AppId });

export const appRoutes: FastifyPluginAsyncTypebox<{ apps: AppsRepository }> = async (app, { apps }) => {
  app.get(
    '/v1/apps/:appId',
    {
      schema: {
        summary: 'App info: every setting the widget reads',
        tags: ['apps'],
        params: AppIdParams,
        response: { 200: Type.Object({ app: AppInfo }), ...errorResponses(404) },
      },
    },
    async (request) => {
      const found = await apps.find(request.params.appId);
      if (!found) throw appNotFound();
      return { app: toAppInfo(found) };
    },
  );
};
