import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AuthResultBody,
  EmptyBody,
  ERROR_CODES,
  JwksBody,
  RefreshBody,
  SignOutQuery,
} from 'open-passage/contract';
import { ApiError } from '../http/api-error.js';
import { errorResponses } from '../openapi/responses.js';
import type { IdentityServices } from '../identity-services.js';

const invalidRefreshToken = () =>
  new ApiError(
    401,
    ERROR_CODES.INVALID_REFRESH_TOKEN,
    'The refresh token is invalid, expired or revoked. Sign in again.',
  );

/** `POST /tokens/` (refresh, rotating), `DELETE /tokens/` (sign-out) and the JWKS. */
export const tokenRoutes: FastifyPluginAsyncTypebox<{ identity: IdentityServices }> = async (
  http,
  { identity },
) => {
  http.post(
    '/tokens',
    {
      schema: {
        summary: 'Refresh: the next tokens of the session (the refresh token rotates)',
        tags: ['tokens'],
        body: RefreshBody,
        response: { 201: AuthResultBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { app } = request;
      const spent = await identity.refreshTokens.spend(app.id, request.body.refresh_token);
      if (!spent.ok) {
        if (spent.reason === 'reused') {
          request.log.warn(
            { event: 'token.reuse_detected', appId: app.id },
            'refresh token reused; family revoked',
          );
        }
        throw invalidRefreshToken();
      }
      const result = await identity.authResults.refresh(app.id, spent.userId, spent);
      // A reuse of the spent token may have revoked the family while this rotation ran.
      if (!(await identity.refreshTokens.isLive(spent.familyId))) throw invalidRefreshToken();
      reply.status(201);
      return { auth_result: result };
    },
  );

  http.delete(
    '/tokens',
    {
      schema: {
        summary: 'Sign out: revoke the session of this refresh token',
        tags: ['tokens'],
        querystring: SignOutQuery,
        response: { 200: EmptyBody, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { app } = request;
      const revoked = await identity.refreshTokens.revoke(app.id, request.query.refresh_token);
      request.log.info({ event: 'logout', appId: app.id, known: revoked });
      return {};
    },
  );

  http.get(
    '/.well-known/jwks.json',
    {
      schema: {
        summary: "The app's public signing keys (JWKS), to verify auth tokens",
        tags: ['tokens'],
        response: { 200: JwksBody, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { app } = request;
      const { jwks } = await identity.signingKeys.forApp(app.id);
      reply.header('cache-control', 'public, max-age=300');
      return { keys: jwks };
    },
  );
};
