import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import type { AppSettings } from '../apps/app-settings.js';
import type { Db } from '../db/database.js';
import { RefreshTokens } from '../tokens/refresh-tokens.js';
import { SocialConnectionsRepository } from '../users/social-connections.js';
import { isUniqueViolation, type UserRow } from '../users/users-repository.js';
import { BatchPlan, failed, type ImportOutcome, type RowResult } from './batch-plan.js';
import { type ImportedUser, type ImportRecord, RowProblem, toImportedUser } from './import-row.js';

export type { ImportOutcome } from './batch-plan.js';

/** What became of one row: its name (`user #3`, `line 4`), the user's id, and why it was not stored. */
export interface RowReport extends RowResult {
  row: string;
}

export type ImportTotals = Record<ImportOutcome, number>;

/**
 * Rows stored in one transaction: enough that queries and commits cost little per row, few enough that
 * a batch holds the database (and, with SQLite's synchronous driver, the event loop) for milliseconds.
 */
export const IMPORT_BATCH_SIZE = 200;

/** A record checked on its own: the user to store, or its failure. */
type Checked = { row: string; givenId: string; user: ImportedUser } | { row: string; failure: RowResult };

function check(record: ImportRecord, app: AppSettings): Checked {
  const fields = record.fields as Record<string, unknown> | null;
  const givenId = typeof fields?.id === 'string' ? fields.id : '';
  if (record.problem) return { row: record.row, failure: failed(givenId, record.problem) };
  try {
    return { row: record.row, givenId, user: toImportedUser(record.fields, app) };
  } catch (error) {
    if (error instanceof RowProblem) return { row: record.row, failure: failed(givenId, error.message) };
    throw error;
  }
}

const distinct = (values: (string | null)[]) => [...new Set(values.filter((value) => value !== null))];

/**
 * The stored users whose `column` is one of `values` (in the app, or in any app for ids), as a join on a
 * VALUES list: one lookup per value in the column's unique index. PostgreSQL planned `in (…)` as a scan of
 * all the app's users until its first ANALYZE of the table, as in a new database being imported into.
 */
async function usersWith(db: Db, column: 'id' | 'email' | 'phone', values: string[], appId?: string) {
  if (values.length === 0) return [];
  const list = sql.join(values.map((value) => sql`(${value})`));
  const inApp = appId === undefined ? sql`` : sql` and u.app_id = ${appId}`;
  const query = sql<UserRow>`select u.* from users as u join (values ${list}) as v on u.${sql.ref(column)} = v.column1${inApp}`;
  return (await query.execute(db)).rows;
}

/** The stored users the batch's rows name: by id (in any app), and by email or phone (in the app). */
async function storedUsers(db: Db, appId: string, users: ImportedUser[]): Promise<UserRow[]> {
  return [
    ...(await usersWith(db, 'id', distinct(users.map((user) => user.id)))),
    ...(await usersWith(db, 'email', distinct(users.map((user) => user.email)), appId)),
    ...(await usersWith(db, 'phone', distinct(users.map((user) => user.phone)), appId)),
  ];
}

/**
 * The social connections of the rows stored (created or updated), replacing the user's stored ones of
 * those types. An identity another user holds is left out, and the row's report says so.
 */
async function storeConnections(trx: Db, appId: string, batch: Checked[], reports: RowReport[]) {
  const connections = new SocialConnectionsRepository(trx);
  for (const [index, row] of batch.entries()) {
    const report = reports[index]!;
    if (!('user' in row) || !row.user.social_connections) continue;
    if (report.outcome !== 'created' && report.outcome !== 'updated') continue;
    const refused: string[] = [];
    for (const one of row.user.social_connections) {
      const stored = await connections.imported(appId, report.id, one);
      if (!stored) refused.push(one.type);
    }
    if (refused.length > 0) {
      report.reason = `its ${refused.join(', ')} connection belongs to another user and was not imported.`;
    }
  }
}

/** Decides and writes a batch in one transaction; a constraint error rolls it all back. */
async function storeBatch(db: Db, app: AppSettings, batch: Checked[], newId: () => string) {
  return db.transaction().execute(async (trx) => {
    const users = batch.flatMap((row) => ('user' in row ? [row.user] : []));
    const plan = new BatchPlan(app.id, await storedUsers(trx, app.id, users), newId);
    const now = new Date().toISOString();
    const reports: RowReport[] = batch.map((row) => ({
      row: row.row,
      ...('user' in row ? plan.row(row.user, now) : row.failure),
    }));
    for (const [id, { values, deactivated }] of plan.updates) {
      await trx.updateTable('users').set(values).where('app_id', '=', app.id).where('id', '=', id).execute();
      if (deactivated) await new RefreshTokens(trx).revokeUser(app.id, id);
    }
    if (plan.inserts.size > 0)
      await trx
        .insertInto('users')
        .values([...plan.inserts.values()])
        .execute();
    await storeConnections(trx, app.id, batch, reports);
    return reports;
  });
}

/**
 * Imports a batch. Its plan leaves a constraint error only to a race (a sign-up taking an email between
 * the batch's reads and its writes); then each row is imported again on its own, so that the one that
 * lost is named and the others are stored.
 */
async function importBatch(db: Db, app: AppSettings, batch: Checked[], newId: () => string) {
  try {
    return await storeBatch(db, app, batch, newId);
  } catch (error) {
    if (!isUniqueViolation(error) || batch.length === 1) throw error;
  }
  const reports: RowReport[] = [];
  for (const row of batch) {
    try {
      reports.push(...(await storeBatch(db, app, [row], newId)));
    } catch (error) {
      if (!isUniqueViolation(error) || !('user' in row)) throw error;
      const reason = 'its id, email or phone number was taken by another user meanwhile.';
      reports.push({ row: row.row, ...failed(row.givenId, reason) });
    }
  }
  return reports;
}

/**
 * Imports users into an app, in batches: users keep their ids; a record already stored is left alone
 * unless its `updated_at` is later; a bad record is reported by its row and never stops the others.
 * Running the same import twice changes nothing the second time. Between two batches other requests
 * have their turn. `report` receives each batch's rows in order (and may wait, e.g. for stdout).
 */
export async function importUsers(
  db: Db,
  app: AppSettings,
  records: AsyncIterable<ImportRecord>,
  newId: () => string,
  report: (rows: RowReport[]) => void | Promise<void>,
): Promise<ImportTotals> {
  const totals: ImportTotals = { created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 };
  let batch: Checked[] = [];
  const store = async () => {
    const rows = await importBatch(db, app, batch, newId);
    batch = [];
    for (const row of rows) totals[row.outcome]++;
    await report(rows);
    await nextTurn();
  };
  for await (const record of records) {
    batch.push(check(record, app));
    if (batch.length >= IMPORT_BATCH_SIZE) await store();
  }
  if (batch.length > 0) await store();
  return totals;
}
