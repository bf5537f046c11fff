import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { adminDocs, requireAdminKey } from '../admin/admin-auth.js';
import { AppIdParams } from '../apps/app-scope.js';
import type { AppSettings } from '../apps/app-settings.js';
import type { AppsRepository } from '../apps/apps-repository.js';
import { appNotFound, invalidRequest } from '../http/api-error.js';
import { errorResponses } from '../openapi/responses.js';
import { newId } from '../security/random.js';
import type { IdentityServices } from '../identity-services.js';
import { CsvError } from './csv.js';
import { csvRecords, importUsers, jsonRecords } from './user-import.js';

const Outcome = Type.Union([
  Type.Literal('created'),
  Type.Literal('updated'),
  Type.Literal('unchanged'),
  Type.Literal('skipped'),
  Type.Literal('failed'),
]);
export const ImportReport = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  skipped: Type.Integer({ description: 'Rows left alone because the stored user is newer' }),
  failed: Type.Integer({ description: 'Rows that could not be imported (see their reason)' }),
  rows: Type.Array(
    Type.Object({
      row: Type.String({ description: '`user #N` (JSON) or `line N` (CSV)' }),
      id: Type.String(),
      outcome: Outcome,
      reason: Type.String({ description: 'Why a row was not created or updated; "" otherwise' }),
    }),
  ),
});

function readCsv(csv: string, app: AppSettings) {
  try {
    return csvRecords(csv, app);
  } catch (error) {
    if (error instanceof CsvError) throw invalidRequest(`csv: ${error.message}`);
    throw error;
  }
}

/** Imports take bigger bodies than the API's usual 64 KiB. */
const IMPORT_BODY_LIMIT = 20 * 1024 * 1024;

/** `POST /admin/v1/apps/{appId}/users/import`: the import of `open-passage-server import`, over HTTP. */
export const adminImportRoute: FastifyPluginAsyncTypebox<{
  adminApiKey: string;
  apps: AppsRepository;
  identity: IdentityServices;
}> = async (http, { adminApiKey, apps, identity }) => {
  requireAdminKey(http, adminApiKey);

  http.post(
    '/admin/v1/apps/:appId/users/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        ...adminDocs,
        summary:
          'Import users: a Passage user export (`users`) or a CSV with a header row (`csv`); idempotent',
        params: AppIdParams,
        body: Type.Object(
          {
            users: Type.Optional(
              Type.Array(Type.Record(Type.String(), Type.Unknown()), {
                description: 'Users as passage-node `user.get` / `user.list` answer them',
              }),
            ),
            csv: Type.Optional(
              Type.String({ description: 'Identifier columns (email, phone, id…) + metadata columns' }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: ImportReport, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const app = await apps.find(request.params.appId);
      if (!app) throw appNotFound();
      const { users, csv } = request.body;
      if ((users === undefined) === (csv === undefined)) throw invalidRequest('Give either users or csv.');
      const records = users ? jsonRecords(users) : readCsv(csv!, app);
      const report = await importUsers(identity.db, app, records, newId);
      request.log.info({ event: 'users.imported', appId: app.id, ...report, rows: undefined });
      return report;
    },
  );
};
