import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OpenIdConfiguration } from 'open-passage/contract';
import { errorResponses } from '../openapi/responses.js';
import { issuerFor } from '../tokens/auth-tokens.js';

/** `GET /.well-known/openid-configuration`: where an app's tokens come from. */
export const openIdConfigurationRoutes: FastifyPluginAsyncTypebox<{ publicUrl: string }> = async (
  http,
  { publicUrl },
) => {
  http.get(
    '/.well-known/openid-configuration',
    {
      schema: {
        summary: 'OpenID discovery: issuer, authorization endpoint, JWKS URL',
        tags: ['tokens'],
        response: { 200: OpenIdConfiguration, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { app } = request;
      const issuer = issuerFor(publicUrl, app.id);
      reply.header('cache-control', 'public, max-age=300');
      return {
        issuer,
        authorization_endpoint: `${issuer}/social/authorize`,
        jwks_uri: `${issuer}/.well-known/jwks.json`,
        social_connections_supported: (app.social_providers ?? []).map((provider) => provider.type),
      };
    },
  );
};
