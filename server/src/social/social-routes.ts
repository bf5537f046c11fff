import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { currentUser } from '../current-user/bearer-auth.js';
import { ApiError } from '../http/api-error.js';
import { acceptEmptyJsonBodies } from '../http/empty-json-body.js';
import {
  AuthResultBody,
  EmptyBody,
  ERROR_CODES,
  SocialAuthorizeQuery,
  SocialConnectionsBody,
  SocialConnectionType,
  SocialTokenQuery,
} from 'open-passage/contract';
import { errorResponses } from '../openapi/responses.js';
import type { IdentityServices } from '../identity-services.js';

const socialConnectionNotFound = (message: string) =>
  new ApiError(404, ERROR_CODES.SOCIAL_CONNECTION_NOT_FOUND, message);

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
    '/currentuser/social-connections',
    {
      schema: {
        summary: "The current user's social connections (always none here)",
        tags,
        security: bearer,
        response: {
          200: SocialConnectionsBody,
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const { app } = request;
      await currentUser(identity, request, app.id);
      return { social_connections: {} };
    },
  );

  http.delete(
    '/currentuser/social-connections/:socialConnectionType',
    {
      schema: {
        summary: 'Remove a social connection of the current user (there is none to remove)',
        tags,
        security: bearer,
        params: Type.Object({ socialConnectionType: SocialConnectionType }),
        response: { 200: EmptyBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { app } = request;
      await currentUser(identity, request, app.id);
      throw socialConnectionNotFound(
        `This account has no ${request.params.socialConnectionType} connection.`,
      );
    },
  );

  http.get(
    '/social/authorize',
    {
      schema: {
        summary: 'Start a social login (no provider is configured: always refused)',
        tags,
        querystring: SocialAuthorizeQuery,
        response: {
          302: Type.Null({ description: "To the provider's sign-in page (no provider is configured yet)" }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => {
      const { app } = request;
      throw socialConnectionNotFound(
        `${app.name} has no ${request.query.connection_type} social connection configured.`,
      );
    },
  );

  http.get(
    '/social/token',
    {
      schema: {
        summary: 'Exchange a social login code for tokens (no provider is configured: always refused)',
        tags,
        querystring: SocialTokenQuery,
        response: { 201: AuthResultBody, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { app } = request;
      throw socialConnectionNotFound(`${app.name} has no social connection configured.`);
    },
  );
};
