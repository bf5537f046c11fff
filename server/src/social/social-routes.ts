import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AppIdParams } from '../apps/app-routes.js';
import { currentUser } from '../current-user/bearer-auth.js';
import { ApiError } from '../http/api-error.js';
import { acceptEmptyJsonBodies } from '../http/empty-json-body.js';
import { AuthResultBody, errorResponses } from '../openapi/passage-schemas.js';
import { requireApp } from '../users/app-context.js';
import type { IdentityServices } from '../identity-services.js';

/** The providers Passage's clients know (`social_connections` of the app info). */
const ConnectionType = Type.Union([Type.Literal('apple'), Type.Literal('github'), Type.Literal('google')]);
const Text = Type.String({ minLength: 1, maxLength: 2048 });

const socialConnectionNotFound = (message: string) =>
  new ApiError(404, 'social_connection_not_found', message);

/**
 * Social login. This server configures no social provider: every app's
 * `social_connections` is `{}`, a user has none, and the OAuth2 steps answer
 * `404 social_connection_not_found` instead of redirecting to a provider.
 */
export const socialRoutes: FastifyPluginAsyncTypebox<{ identity: IdentityServices }> = async (
  http,
  { identity },
) => {
  acceptEmptyJsonBodies(http);
  const bearer = [{ bearerAuth: [] }];
  const tags = ['social'];

  http.get(
    '/v1/apps/:appId/currentuser/social-connections',
    {
      schema: {
        summary: "The current user's social connections (always none here)",
        tags,
        security: bearer,
        params: AppIdParams,
        response: {
          200: Type.Object({ social_connections: Type.Record(Type.String(), Type.Unknown()) }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const app = await requireApp(identity, request.params.appId);
      await currentUser(identity, request, app.id);
      return { social_connections: {} };
    },
  );

  http.delete(
    '/v1/apps/:appId/currentuser/social-connections/:socialConnectionType',
    {
      schema: {
        summary: 'Remove a social connection of the current user (there is none to remove)',
        tags,
        security: bearer,
        params: Type.Object({ ...AppIdParams.properties, socialConnectionType: ConnectionType }),
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => {
      const app = await requireApp(identity, request.params.appId);
      await currentUser(identity, request, app.id);
      throw socialConnectionNotFound(
        `This account has no ${request.params.socialConnectionType} connection.`,
      );
    },
  );

  http.get(
    '/v1/apps/:appId/social/authorize',
    {
      schema: {
        summary: 'Start a social login (no provider is configured: always refused)',
        tags,
        params: AppIdParams,
        querystring: Type.Object({
          connection_type: ConnectionType,
          redirect_uri: Text,
          code_challenge: Text,
          code_challenge_method: Type.Literal('S256'),
          state: Type.Optional(Text),
        }),
        response: errorResponses(400, 404),
      },
    },
    async (request) => {
      const app = await requireApp(identity, request.params.appId);
      throw socialConnectionNotFound(
        `${app.name} has no ${request.query.connection_type} social connection configured.`,
      );
    },
  );

  http.get(
    '/v1/apps/:appId/social/token',
    {
      schema: {
        summary: 'Exchange a social login code for tokens (no provider is configured: always refused)',
        tags,
        params: AppIdParams,
        querystring: Type.Object({ code: Text, verifier: Text }),
        response: { 201: AuthResultBody, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const app = await requireApp(identity, request.params.appId);
      throw socialConnectionNotFound(`${app.name} has no social connection configured.`);
    },
  );
};
