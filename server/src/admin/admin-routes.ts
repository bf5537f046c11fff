import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import Value from 'typebox/value';
import { AppIdParams } from '../apps/app-scope.js';
import { AppSettings, appSettingsProblem } from '../apps/app-settings.js';
import type { AppsRepository } from '../apps/apps-repository.js';
import { ApiError, appNotFound } from '../http/api-error.js';
import { ErrorBody, ERROR_CODES } from 'open-passage/contract';
import { errorResponses } from '../openapi/responses.js';
import { adminDocs, requireAdminKey } from './admin-auth.js';

export interface AdminRoutesOptions {
  apiKey: string;
  /** Its change listeners (the app cache, CORS' origins) hear of every change made here. */
  apps: AppsRepository;
}

const Settings = Type.Partial(Type.Omit(AppSettings, ['id']), { additionalProperties: false });
/**
 * What a PATCH takes: any settings but the id, none of them with a default. The body is validated with
 * defaults filled in, so a default left here would overwrite the stored value of every setting not sent.
 */
const AppUpdate = Type.Object(
  Object.fromEntries(
    Object.entries(Settings.properties).map(([name, schema]) => {
      const { default: _default, ...rest } = schema as typeof schema & { default?: unknown };
      return [name, Type.Optional(rest)];
    }),
  ),
  { additionalProperties: false },
) as unknown as typeof Settings;
const errors = errorResponses(400, 401, 404);
const OneApp = Type.Object({ app: AppSettings });

/** Defaults filled in and checked like the apps file; a readable 400 otherwise. */
function validated(candidate: unknown): AppSettings {
  const withDefaults = Value.Default(AppSettings, structuredClone(candidate));
  const first = [...Value.Errors(AppSettings, withDefaults)][0];
  if (first) {
    throw new ApiError(
      400,
      ERROR_CODES.INVALID_REQUEST,
      `body${first.instancePath.replaceAll('/', '.')} ${first.message}`,
    );
  }
  const problem = appSettingsProblem(withDefaults as AppSettings);
  if (problem)
    throw new ApiError(400, ERROR_CODES.INVALID_REQUEST, `body.${problem.field} ${problem.message}`);
  return withDefaults as AppSettings;
}

/** `/admin/v1/apps`: list, read, create, change and delete apps; only with ADMIN_API_KEY set. */
export const adminRoutes: FastifyPluginAsyncTypebox<AdminRoutesOptions> = async (app, { apiKey, apps }) => {
  requireAdminKey(app, apiKey);

  app.get(
    '/admin/v1/apps',
    {
      schema: {
        ...adminDocs,
        summary: 'List apps',
        response: { 200: Type.Object({ apps: Type.Array(AppSettings) }), ...errors },
      },
    },
    async () => ({ apps: await apps.list() }),
  );

  app.get(
    '/admin/v1/apps/:appId',
    {
      schema: {
        ...adminDocs,
        summary: 'Read one app',
        params: AppIdParams,
        response: { 200: OneApp, ...errors },
      },
    },
    async (request) => {
      const found = await apps.find(request.params.appId);
      if (!found) throw appNotFound();
      return { app: found };
    },
  );

  app.post(
    '/admin/v1/apps',
    {
      schema: {
        ...adminDocs,
        summary: 'Create an app',
        body: Type.Object({ id: Type.String() }, { additionalProperties: true }),
        response: { 201: OneApp, 409: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const settings = validated(request.body);
      if (await apps.find(settings.id)) {
        throw new ApiError(409, ERROR_CODES.APP_EXISTS, `An app with id ${settings.id} already exists.`);
      }
      await apps.upsert(settings);
      return reply.status(201).send({ app: settings });
    },
  );

  app.patch(
    '/admin/v1/apps/:appId',
    {
      schema: {
        ...adminDocs,
        summary: 'Change some settings of an app',
        params: AppIdParams,
        body: AppUpdate,
        response: { 200: OneApp, ...errors },
      },
    },
    async (request) => {
      const found = await apps.find(request.params.appId);
      if (!found) throw appNotFound();
      const settings = validated({ ...found, ...request.body, id: found.id });
      await apps.upsert(settings);
      return { app: settings };
    },
  );

  app.delete(
    '/admin/v1/apps/:appId',
    {
      schema: {
        ...adminDocs,
        summary: 'Delete an app',
        params: AppIdParams,
        response: { 204: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await apps.delete(request.params.appId))) throw appNotFound();
      return reply.status(204).send(null);
    },
  );
};
