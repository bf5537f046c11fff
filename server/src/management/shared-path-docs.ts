import Type, { type TSchema } from 'typebox';
import { orNull, PublicUser, UserBody } from 'open-passage/contract';
import { errorResponses } from '../openapi/responses.js';

/** What the auth API answers on the paths it shares with the management API (users/users-routes.ts). */
const AUTH_SUCCESS: Record<
  string,
  { status: number; schema: TSchema; summary: string; errors: number[]; body?: TSchema }
> = {
  GET: {
    status: 200,
    errors: [429],
    schema: Type.Object({ user: orNull(PublicUser) }),
    summary: 'Without a key: look up a user by `identifier` (`user: null` when there is none)',
  },
  POST: {
    status: 201,
    errors: [403, 429],
    schema: UserBody,
    summary: 'Without a key: create a pending user (sign-up)',
    body: Type.Object({
      identifier: Type.String({ maxLength: 320 }),
      user_metadata: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
    }),
  },
};

interface RouteSchema {
  summary?: string;
  response?: Record<number, TSchema>;
  body?: unknown;
}

/**
 * OpenAPI has one operation per method and path, so where the auth API and the management API share
 * one (`GET`/`POST /v1/apps/{appId}/users`) the management route documents both: either answer, the
 * key optional. Registered after the auth route, it is the operation the document keeps.
 */
export const sharedPathDocs = {
  swaggerTransform({
    schema: given,
    url,
    route,
  }: {
    schema: unknown;
    url: string;
    route: { method: string | string[] };
  }) {
    const schema = given as RouteSchema;
    const auth = AUTH_SUCCESS[String(route.method)];
    if (!auth) return { schema, url };
    const management = schema.response?.[auth.status];
    return {
      url,
      schema: {
        ...schema,
        summary: `${auth.summary}. With an app API key: ${schema.summary ?? ''}`,
        security: [{}, { apiKey: [] }] as Record<string, string[]>[],
        tags: ['users', 'management'],
        ...(auth.body && schema.body ? { body: Type.Union([auth.body, schema.body as TSchema]) } : {}),
        response: {
          ...schema.response,
          ...errorResponses(...auth.errors),
          [auth.status]: management ? Type.Union([auth.schema, management]) : auth.schema,
        },
      },
    };
  },
};
