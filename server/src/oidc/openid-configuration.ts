import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { errorResponses } from '../openapi/responses.js';
import { issuerFor } from '../tokens/auth-tokens.js';
import type { IdentityServices } from '../identity-services.js';

const OpenIdConfiguration = Type.Object({
  issuer: Type.String({ description: 'The `iss` of the app’s auth tokens' }),
  authorization_endpoint: Type.String(),
  jwks_uri: Type.String(),
});

/** `GET /.well-known/openid-configuration`: where an app's tokens come from. */
export const openIdConfigurationRoutes: FastifyPluginAsyncTypebox<{
  identity: IdentityServices;
  publicUrl: string;
}> = async (http, { identity, publicUrl }) => {
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
      };
    },
  );
};
