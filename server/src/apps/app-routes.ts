import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppInfoBody, OriginRefusalBody } from 'open-passage/contract';
import { errorResponses } from '../openapi/responses.js';
import { toAppInfo } from './app-info.js';

/**
 * `GET /v1/apps/{appId}` (in the app scope: the app is resolved already). A page outside the app's
 * auth_origin gets the readable 403 of http/cors.ts instead.
 */
export const appRoutes: FastifyPluginAsyncTypebox = async (http) => {
  http.get(
    '',
    {
      schema: {
        summary: 'App info: every setting the widget reads',
        tags: ['apps'],
        response: { 200: AppInfoBody, 403: OriginRefusalBody, ...errorResponses(404) },
      },
    },
    async (request) => ({ app: toAppInfo(request.app) }),
  );
};
