import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger } from 'fastify';
import Type from 'typebox';
import Value from 'typebox/value';
import { AppIdParams } from '../apps/app-scope.js';
import { APP_SETTINGS_PATTERN_WORDS, AppSettings, appSettingsProblem } from '../apps/app-settings.js';
import { settingsProblems } from '../apps/settings-errors.js';
import { keepingSecrets, withoutSecrets } from '../apps/social-settings.js';
import { describeKeyProblem } from '../apps/api-keys.js';
import type { AppsRepository } from '../apps/apps-repository.js';
import { logKeySyncs } from '../apps/declared-keys-log.js';
import { ApiError, appNotFound, invalidRequest } from '../http/api-error.js';
import { ErrorBody, ERROR_CODES } from 'open-passage/contract';
import { refuseUnknownBodyFields } from '../http/strict-bodies.js';
import { errorResponses } from '../openapi/responses.js';
import { adminDocs, requireAdminKey } from './admin-auth.js';

export interface AdminRoutesOptions {
  apiKey: string;
  /** Its change listeners (the app cache, CORS' origins) hear of every change made here. */
  apps: AppsRepository;
  /** The apps file's path, named when a change to one of its apps is refused. */
  appsFile: string;
  /** Why this server could not send what an app needs (delivery/required-transports.ts); [] when it can. */
  missingTransports: (app: AppSettings) => string[];
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
const refusals = { 409: ErrorBody };
const OneApp = Type.Object({ app: AppSettings });

/** An app as the admin API answers it: the social providers' secrets are never sent back. */
function shown(settings: AppSettings): AppSettings {
  return settings.social_providers
    ? { ...settings, social_providers: withoutSecrets(settings.social_providers) }
    : settings;
}

/** Defaults filled in and checked like the apps file; a readable 400 otherwise. */
function validated(candidate: unknown): AppSettings {
  const withDefaults = Value.Default(AppSettings, structuredClone(candidate));
  // The apps file's plain words (apps/settings-errors.ts), each naming its field below `body`.
  const problems = settingsProblems(AppSettings, withDefaults, APP_SETTINGS_PATTERN_WORDS);
  if (problems.length > 0) throw invalidRequest(problems.map((problem) => `body: ${problem}`).join('; '));
  const problem = appSettingsProblem(withDefaults as AppSettings);
  if (problem)
    throw new ApiError(400, ERROR_CODES.INVALID_REQUEST, `body.${problem.field} ${problem.message}`);
  return withDefaults as AppSettings;
}

/**
 * `/admin/v1/apps`: list, read, create, change and delete apps; only with ADMIN_API_KEY set. The apps of
 * the apps file are the file's (written at every start): they are read here, never changed.
 */
export const adminRoutes: FastifyPluginAsyncTypebox<AdminRoutesOptions> = async (
  app,
  { apiKey, apps, appsFile, missingTransports },
) => {
  requireAdminKey(app, apiKey);
  refuseUnknownBodyFields(app);
  const requireAdminOwned = (appId: string) => {
    if (apps.declaredInFile(appId)) {
      throw new ApiError(
        409,
        ERROR_CODES.APP_DECLARED_IN_FILE,
        `App ${appId} is declared in the apps file (${appsFile}), which the server applies at every start: change it there and restart. The admin API changes only the apps it created.`,
      );
    }
  };
  /** 400 when the settings declare an API key that was revoked or is another app's: it would never work. */
  const refuseDeadKeys = async (settings: AppSettings) => {
    const problem = (await apps.keys.declaredProblems(settings.id, settings))[0];
    if (problem) throw invalidRequest(`body.api_keys: ${describeKeyProblem(settings.id, problem)}`);
  };
  const save = async (settings: AppSettings, log: FastifyBaseLogger) => {
    // An app whose codes could never be sent is refused, as the server refuses to start with one.
    const missing = missingTransports(settings);
    if (missing.length > 0) throw invalidRequest(missing.join(' '));
    const sync = await apps.upsert(settings);
    logKeySyncs(log, [{ appId: settings.id, ...sync }], 'admin API');
  };

  app.get(
    '/admin/v1/apps',
    {
      schema: {
        ...adminDocs,
        summary: 'List apps',
        response: { 200: Type.Object({ apps: Type.Array(AppSettings) }), ...errors },
      },
    },
    async () => ({ apps: (await apps.list()).map(shown) }),
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
      return { app: shown(found) };
    },
  );

  app.post(
    '/admin/v1/apps',
    {
      schema: {
        ...adminDocs,
        summary: 'Create an app',
        body: Type.Object({ id: Type.String() }, { additionalProperties: true }),
        response: { 201: OneApp, ...refusals, ...errors },
      },
    },
    async (request, reply) => {
      const settings = validated(request.body);
      if (await apps.find(settings.id)) {
        throw new ApiError(409, ERROR_CODES.APP_EXISTS, `An app with id ${settings.id} already exists.`);
      }
      await refuseDeadKeys(settings);
      await save(settings, request.log);
      return reply.status(201).send({ app: shown(settings) });
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
        response: { 200: OneApp, ...refusals, ...errors },
      },
    },
    async (request) => {
      const found = await apps.find(request.params.appId);
      if (!found) throw appNotFound();
      requireAdminOwned(found.id);
      const kept = request.body.social_providers
        ? keepingSecrets(request.body.social_providers, found.social_providers)
        : undefined;
      if (kept?.problem) throw invalidRequest(`body.${kept.problem.field} ${kept.problem.message}`);
      const changes = kept ? { ...request.body, social_providers: kept.providers } : request.body;
      const settings = validated({ ...found, ...changes, id: found.id });
      if (request.body.api_keys) await refuseDeadKeys(settings);
      await save(settings, request.log);
      return { app: shown(settings) };
    },
  );

  app.delete(
    '/admin/v1/apps/:appId',
    {
      schema: {
        ...adminDocs,
        summary: 'Delete an app',
        params: AppIdParams,
        response: { 204: Type.Null(), ...refusals, ...errors },
      },
    },
    async (request, reply) => {
      requireAdminOwned(request.params.appId);
      if (!(await apps.delete(request.params.appId))) throw appNotFound();
      return reply.status(204).send(null);
    },
  );
};
