import { clientOf } from '../events/client-info.js';
import { ERROR_CODES } from 'open-passage/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifySchemaCompiler } from 'fastify';
import Type from 'typebox';
import { adminDocs, requireAdminKey } from '../admin/admin-auth.js';
import { AppIdParams } from '../apps/app-scope.js';
import type { AppsRepository } from '../apps/apps-repository.js';
import { ApiError, appNotFound, invalidRequest } from '../http/api-error.js';
import { buildValidatorWithoutBodyCoercion } from '../http/validator-compiler.js';
import type { IdentityServices } from '../identity-services.js';
import { errorResponses } from '../openapi/responses.js';
import { newId } from '../security/random.js';
import { openImport, slicesOf } from '../user-import/import-file.js';
import { ImportFileError } from '../user-import/import-text.js';
import { importUsers, type RowReport } from '../user-import/user-import.js';

const Outcome = Type.Union([
  Type.Literal('created'),
  Type.Literal('updated'),
  Type.Literal('unchanged'),
  Type.Literal('skipped'),
  Type.Literal('failed'),
]);
const ImportReport = Type.Object({
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

const JsonBody = Type.Union([
  Type.Object(
    {
      users: Type.Array(Type.Record(Type.String(), Type.Unknown()), {
        description: 'Users as passage-node `user.get` / `user.list` answer them',
      }),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      csv: Type.String({
        description: 'A CSV with a header row: user columns (email, phone, id…) + metadata fields',
      }),
    },
    { additionalProperties: false },
  ),
]);

/** Imports take bigger bodies than the API's usual 64 KiB; the body is kept as bytes, never as objects. */
const IMPORT_BODY_LIMIT = 20 * 1024 * 1024;

/**
 * Path parameters are checked as on every route. The body is not: it stays bytes, read as it is imported
 * (user-import/import-file.ts), which refuses what is not UTF-8, JSON of the documented shape or CSV
 * with a known header, naming the line. Its schema documents it.
 */
const compileRouteParts = buildValidatorWithoutBodyCoercion()!({}, { customOptions: {} } as never);
const validatorCompiler: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body'
    ? () => true
    : compileRouteParts(route as Parameters<typeof compileRouteParts>[0]);

/** `POST /admin/v1/apps/{appId}/users/import`: the import of `open-passage-server import`, over HTTP. */
export const adminImportRoute: FastifyPluginAsyncTypebox<{
  adminApiKey: string;
  apps: AppsRepository;
  identity: IdentityServices;
}> = async (http, { adminApiKey, apps, identity }) => {
  requireAdminKey(http, adminApiKey);
  // In this plugin only: the body as bytes (JSON also as text/plain, as on every route; CSV as itself).
  http.removeContentTypeParser(['application/json', 'text/plain']);
  http.addContentTypeParser(
    ['application/json', 'text/plain', 'text/csv'],
    { parseAs: 'buffer', bodyLimit: IMPORT_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  // A body over the limit is told what takes a larger file; anything else goes on to the server's handler.
  http.setErrorHandler((error: FastifyError) => {
    if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
    const limit = `${IMPORT_BODY_LIMIT / 1024 / 1024} MiB`;
    throw new ApiError(
      413,
      ERROR_CODES.INVALID_REQUEST,
      `An import over HTTP is at most ${limit}: import a larger file with open-passage-server import <file>.`,
    );
  });

  http.post(
    '/admin/v1/apps/:appId/users/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      validatorCompiler,
      schema: {
        ...adminDocs,
        summary:
          'Import users: a Passage user export (`users`) or a CSV with a header row (`csv`, or the CSV file itself as `text/csv`); idempotent',
        params: AppIdParams,
        body: {
          content: {
            'application/json': { schema: JsonBody },
            'text/csv': {
              schema: Type.String({ description: 'The CSV file itself (UTF-8), header row first' }),
            },
          },
        },
        response: { 200: ImportReport, ...errorResponses(400, 401, 404, 413) },
      },
    },
    async (request) => {
      const app = await apps.find(request.params.appId);
      if (!app) throw appNotFound();
      const contentType = request.headers['content-type'] ?? '';
      const charset = /;\s*charset="?([^";]+)/i.exec(contentType)?.[1];
      if (charset && !/^utf-?8$/i.test(charset)) {
        throw invalidRequest(`The import must be UTF-8, not ${charset}.`);
      }
      const body = request.body;
      if (!(body instanceof Uint8Array) || body.length === 0) {
        throw invalidRequest('The body is empty: give either users or csv, or a CSV file as text/csv.');
      }
      const format = /^\s*text\/csv\b/i.test(contentType) ? 'csv' : 'json-body';
      let records;
      try {
        records = await openImport(() => slicesOf(body), app, format);
      } catch (error) {
        if (error instanceof ImportFileError) throw invalidRequest(error.message);
        throw error;
      }
      const rows: RowReport[] = [];
      const totals = await importUsers(identity.db, app, records, newId, (batch) => {
        for (const row of batch) rows.push(row);
      });
      request.log.info({ event: 'users.imported', appId: app.id, ...totals });
      const client = clientOf(request);
      await identity.events.record({
        appId: app.id,
        userId: null,
        type: 'users_imported',
        actor: 'admin',
        client,
      });
      return { ...totals, rows };
    },
  );
};
