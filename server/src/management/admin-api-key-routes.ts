import { clientOf } from '../events/client-info.js';
import type { EventsRepository } from '../events/events-repository.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { adminDocs, requireAdminKey } from '../admin/admin-auth.js';
import { AppIdParams } from '../apps/app-scope.js';
import type { AppsRepository } from '../apps/apps-repository.js';
import { ApiError, appNotFound } from '../http/api-error.js';
import { refuseUnknownBodyFields } from '../http/strict-bodies.js';
import { errorResponses } from '../openapi/responses.js';
import { type ApiKeys, toApiKeyView } from '../apps/api-keys.js';
import type { Db } from '../db/database.js';

const ApiKey = Type.Object({
  id: Type.String(),
  name: Type.String(),
  source: Type.Union([Type.Literal('admin'), Type.Literal('file')], {
    description:
      "`admin`: made here; `file`: declared in the app's `api_keys` setting (the apps file or the admin API)",
  }),
  created_at: Type.String(),
  last_used_at: Type.String({ description: '"" until the key is first used' }),
});
const KeyParams = Type.Object({
  ...AppIdParams.properties,
  keyId: Type.String({ pattern: '^[A-Za-z0-9]{1,64}$' }),
});
const errors = errorResponses(400, 401, 404);

/** `/admin/v1/apps/{appId}/api-keys`: create (the key is shown this once), list and revoke an app's API keys. */
export const adminApiKeyRoutes: FastifyPluginAsyncTypebox<{
  adminApiKey: string;
  apps: AppsRepository;
  keys: ApiKeys;
  events: EventsRepository;
  /** Where a key's change and its event commit together. */
  db: Db;
}> = async (http, { adminApiKey, apps, keys, events, db }) => {
  requireAdminKey(http, adminApiKey);
  refuseUnknownBodyFields(http);
  const base = '/admin/v1/apps/:appId/api-keys';
  const requireApp = async (appId: string) => {
    if (!(await apps.find(appId))) throw appNotFound();
  };

  http.get(
    base,
    {
      schema: {
        ...adminDocs,
        summary: "List an app's API keys (never the keys themselves)",
        params: AppIdParams,
        response: { 200: Type.Object({ api_keys: Type.Array(ApiKey) }), ...errors },
      },
    },
    async (request) => {
      await requireApp(request.params.appId);
      return { api_keys: (await keys.list(request.params.appId)).map(toApiKeyView) };
    },
  );

  http.post(
    base,
    {
      schema: {
        ...adminDocs,
        summary: 'Create an API key for the management API; the answer is the only time the key is shown',
        params: AppIdParams,
        body: Type.Object(
          { name: Type.String({ minLength: 1, maxLength: 128, description: 'What the key is for' }) },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({
            api_key: ApiKey,
            key: Type.String({ description: 'The key: shown once, stored only as a hash' }),
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { appId } = request.params;
      await requireApp(appId);
      const client = clientOf(request);
      const { key, row } = await db.transaction().execute(async (trx) => {
        const created = await keys.create(appId, request.body.name, trx);
        await events.record({ appId, userId: null, type: 'api_key_created', actor: 'admin', client }, trx);
        return created;
      });
      request.log.info({ event: 'api_key.created', appId, keyId: row.id });
      reply.status(201);
      return { api_key: toApiKeyView(row), key };
    },
  );

  http.delete(
    `${base}/:keyId`,
    {
      schema: {
        ...adminDocs,
        summary:
          'Revoke an API key, made here or declared in the settings: it stops working at once on every instance, for good',
        params: KeyParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      const { appId, keyId } = request.params;
      await requireApp(appId);
      const client = clientOf(request);
      await db.transaction().execute(async (trx) => {
        if (!(await keys.revoke(appId, keyId, trx))) {
          throw new ApiError(404, 'api_key_not_found', 'This app has no live API key with this id.');
        }
        await events.record({ appId, userId: null, type: 'api_key_revoked', actor: 'admin', client }, trx);
      });
      request.log.info({ event: 'api_key.revoked', appId, keyId });
      return reply.status(204).send(null);
    },
  );
};
