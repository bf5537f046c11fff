import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.js';
import type { ApiKeys } from '../apps/api-keys.js';

const invalidKey = () =>
  new ApiError(
    401,
    'invalid_access_token',
    "A valid API key of this app is required (Authorization: Bearer <the app's API key>).",
  );

/** The key of `Authorization: Bearer <key>`, or '' when there is none. */
function presentedKey(header: string | undefined): string {
  return /^Bearer +(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
}

/**
 * Where the auth API and the management API share a path (`GET`/`POST /v1/apps/{appId}/users`), an
 * `Authorization: Bearer` header picks the management route; without one the auth API answers.
 */
type ConstraintStrategy = Parameters<FastifyInstance['addConstraintStrategy']>[0];
type Handler = ReturnType<ReturnType<ConstraintStrategy['storage']>['get']>;

export const apiKeyConstraint: ConstraintStrategy = {
  name: 'managementKey',
  storage() {
    const routes = new Map<string, Handler>();
    return {
      get: (value: string) => routes.get(value) ?? null,
      set: (value: string, store: Handler) => void routes.set(value, store),
    };
  },
  deriveConstraint: (request: FastifyRequest['raw']) => {
    const header = request.headers.authorization;
    return typeof header === 'string' && /^Bearer /i.test(header)
      ? 'bearer'
      : (undefined as unknown as string);
  },
  mustMatchWhenDerived: false,
};

/** Every route of this plugin scope needs a live API key of the app in its path. */
export function requireApiKey(http: FastifyInstance, keys: ApiKeys): void {
  http.addHook('onRequest', async (request: FastifyRequest) => {
    const appId = (request.params as { appId?: string }).appId ?? '';
    const key = presentedKey(request.headers.authorization);
    if (!key || key.length > 256 || !(await keys.verify(appId, key))) throw invalidKey();
  });
}

/** OpenAPI: the management routes' tag and security scheme. */
export const managementDocs = { tags: ['management'], security: [{ apiKey: [] }] };
