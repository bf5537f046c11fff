import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { type OpenApiObject, withCommonAnswers } from './common-answers.js';

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
