import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { appNotFound } from '../http/api-error.js';
import { AppInfo, errorResponses } from '../openapi/passage-schemas.js';
import { toAppInfo } from './app-info.js';
import type { AppsRepository } from './apps-repository.js';

export const AppIdParams = Type.Object({ appId: Type.String({ pattern: '^[A-Za-z0-9]{1,64}$' }) });

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
