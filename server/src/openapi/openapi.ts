import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { type OpenApiObject, withCommonAnswers } from './common-answers.js';

/** The routes' tags in reading order, each with its title (`x-displayName`, which reference viewers show). */
const TAGS: [name: string, title: string][] = [
  ['apps', 'App'],
  ['users', 'Users'],
  ['one-time codes', 'One-time codes'],
  ['magic links', 'Magic links'],
  ['tokens', 'Tokens and keys'],
  ['current user', 'Current user'],
  ['passkeys', 'Passkeys'],
  ['devices', 'Passkeys of the signed-in user (devices)'],
  ['social', 'Social login'],
  ['contact', 'Contact endpoint (EmailJS-compatible)'],
  ['admin', 'Admin API'],
  ['management', 'Management API (app API keys)'],
  ['webhooks', 'Webhooks'],
  ['operations', 'Operations'],
  ['development', 'Development'],
];

/** Must be registered before any route: @fastify/swagger collects route schemas as they are added. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'open-passage server',
        description:
          'Passage-compatible auth API, EmailJS-compatible contact endpoint and admin API. ' +
          'Errors are `{code, error}` JSON (the contact endpoint answers EmailJS-style text).',
        version: '0.1.0',
      },
      servers: [{ url: publicUrl }],
      tags: TAGS.map(([name, title]) => ({ name, 'x-displayName': title })),
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          adminKey: { type: 'http', scheme: 'bearer', description: 'ADMIN_API_KEY' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: "An app's API key (docs/server/management-api.md)",
          },
        },
      },
    },
    transformObject: (document) =>
      'openapiObject' in document
        ? withCommonAnswers(document.openapiObject as OpenApiObject)
        : document.swaggerObject,
  });
}

/** `GET /v1/openapi.json`: the document generated from the route schemas. */
export function registerOpenApiRoute(app: FastifyInstance): void {
  app.get('/v1/openapi.json', { schema: { hide: true }, logLevel: 'warn' }, async () => app.swagger());
}
