import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AppIdParams } from '../apps/app-routes.js';
import { ApiError } from '../http/api-error.js';
import { requireApp } from '../users/app-context.js';
import type { IdentityServices } from '../identity-services.js';

const RefreshToken = Type.String({ minLength: 1, maxLength: 512 });

export const invalidRefreshToken = () =>
  new ApiError(
    401,
    'invalid_refresh_token',
    'The refresh token is invalid, expired or revoked. Sign in again.',
  );

/** `POST /tokens/` (refresh, rotating), `DELETE /tokens/` (sign-out) and the JWKS. */
export const tokenRoutes: FastifyPluginAsyncTypebox<{ identity: IdentityServices }> = async (
  http,
  { identity },
) => {
  http.post(
    '/v1/apps/:appId/tokens',
    { schema: { params: AppIdParams, body: Type.Object({ refresh_token: RefreshToken }) } },
    async (request, reply) => {
      const app = await requireApp(identity, request.params.appId);
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
    '/v1/apps/:appId/tokens',
    { schema: { params: AppIdParams, querystring: Type.Object({ refresh_token: RefreshToken }) } },
    async (request) => {
      const app = await requireApp(identity, request.params.appId);
      const revoked = await identity.refreshTokens.revoke(app.id, request.query.refresh_token);
      request.log.info({ event: 'logout', appId: app.id, known: revoked });
      return {};
    },
  );

  http.get(
    '/v1/apps/:appId/.well-known/jwks.json',
    { schema: { params: AppIdParams } },
    async (request, reply) => {
      const app = await requireApp(identity, request.params.appId);
      const { jwks } = await identity.signingKeys.forApp(app.id);
      reply.header('cache-control', 'public, max-age=300');
      return { keys: jwks };
    },
  );
};
