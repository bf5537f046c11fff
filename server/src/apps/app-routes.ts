import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppInfoBody } from 'open-passage/contract';
import { errorResponses } from '../openapi/responses.js';
import { toAppInfo } from './app-info.js';

/** `GET /v1/apps/{appId}` (in the app scope: the app is resolved already). */
export const appRoutes: FastifyPluginAsyncTypebox = async (http) => {
  http.get(
    '',
    {
      schema: {
        summary: 'App info: every setting the widget reads',
        tags: ['apps'],
        response: { 200: AppInfoBody, ...errorResponses(404) },
      },
    },
    async (request) => ({ app: toAppInfo(request.app) }),
  );
};
