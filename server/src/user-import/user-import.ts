import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AppSettings } from '../apps/app-settings.js';
import type { Db } from '../db/database.js';
import { PreparedQuery } from '../db/prepared-query.js';
import type { Insertable } from 'kysely';
import type { UsersTable } from '../db/schema.js';
import { RefreshTokens } from '../tokens/refresh-tokens.js';
import { isUniqueViolation, type UserRow } from '../users/users-repository.js';
import { type ImportedUser, type ImportRecord, RowProblem, toImportedUser } from './import-row.js';

export type ImportOutcome = 'created' | 'updated' | 'unchanged' | 'skipped' | 'failed';

/** What became of one row: its name (`user #3`, `line 4`), the user's id, and why it was not stored. */
export interface RowReport {
  row: string;
  id: string;
  outcome: ImportOutcome;
  reason: string;
}

export type ImportTotals = Record<ImportOutcome, number>;

/**
 * Rows stored in one transaction: enough that commits cost little, few enough that a batch holds the
 * database (and, with SQLite's synchronous driver, the event loop) for milliseconds, not seconds.
 */
export const IMPORT_BATCH_SIZE = 200;

/** The import's queries, compiled once for the database and its transactions. */
class ImportQueries {
  readonly byId: PreparedQuery<[string], UserRow>;
  readonly byIdentifiers: PreparedQuery<[string, string | null, string | null], UserRow>;
  readonly insert: PreparedQuery<unknown[], unknown>;
  readonly update: PreparedQuery<unknown[], unknown>;
  readonly columns: (keyof UsersTable)[] = [
    'email',
    'phone',
    'email_verified',
    'phone_verified',
    'status',
    'user_metadata',
    'login_count',
    'last_login_at',
    'updated_at',
  ];

  constructor(db: Db) {
    // Across apps: a user id is unique in the whole database.
    this.byId = new PreparedQuery(db, (q, id: string) =>
      q.selectFrom('users').selectAll().where('id', '=', id),
    );
    this.byIdentifiers = new PreparedQuery(
      db,
      (q, appId: string, email: string | null, phone: string | null) =>
        q
          .selectFrom('users')
          .selectAll()
          .where('app_id', '=', appId)
          .where((eb) => eb.or([eb('email', '=', email), eb('phone', '=', phone)])),
    );
    const set = (values: unknown[]) =>
      Object.fromEntries(this.columns.map((column, i) => [column, values[i]]));
    const n = this.columns.length;
    this.insert = new PreparedQuery(
      db,
      (q, ...values: unknown[]) =>
        q.insertInto('users').values({
          ...set(values),
          id: values[n] as string,
          app_id: values[n + 1] as string,
          created_at: values[n + 2] as string,
        } as Insertable<UsersTable>),
      n + 3,
    );
    this.update = new PreparedQuery(
      db,
      (q, ...values: unknown[]) =>
        q
          .updateTable('users')
          .set(set(values))
          .where('app_id', '=', values[n] as string)
          .where('id', '=', values[n + 1] as string),
      n + 2,
    );
  }
}

type RowResult = Omit<RowReport, 'row'>;

const failed = (id: string | null, reason: string): RowResult => ({
  id: id ?? '',
  outcome: 'failed',
  reason,
});

const storedTime = (value: string) => new Date(value.includes('T') ? value : `${value.replace(' ', 'T')}Z`);

/** Whether a stored user stays as it is (unchanged or skipped, with why), or null when the row replaces it. */
function keepStored(stored: UserRow, user: ImportedUser): RowResult | null {
  const kept = (outcome: 'unchanged' | 'skipped', reason: string) => ({ id: stored.id, outcome, reason });
  if (!user.updated_at)
    return kept('unchanged', 'already present; the row has no updated_at to show it is newer');
  const storedAt = storedTime(stored.updated_at);
  const incoming = new Date(user.updated_at).getTime();
  if (incoming === storedAt.getTime()) return kept('unchanged', 'already imported');
  if (incoming < storedAt.getTime()) {
    return kept('skipped', `the stored record is newer (updated ${storedAt.toISOString()})`);
  }
  return null;
}

/** Imports one checked row on `db` (the batch's transaction). Constraint errors are left to the caller. */
async function importRow(
  db: Db,
  q: ImportQueries,
  app: AppSettings,
  user: ImportedUser,
  newId: () => string,
): Promise<RowResult> {
  // A row names its user by id, or else by email or phone.
  const byId = user.id ? await q.byId.first(db, user.id) : undefined;
  if (byId && byId.app_id !== app.id)
    return failed(user.id, `the id ${user.id} belongs to a user of another app.`);
  let owners: UserRow[] | null = null;
  const identifierOwners = async () =>
    (owners ??= await q.byIdentifiers.rows(db, app.id, user.email, user.phone));
  const target = user.id
    ? byId
    : ((await identifierOwners()).find((owner) => user.email !== null && owner.email === user.email) ??
      (await identifierOwners())[0]);
  const kept = target ? keepStored(target, user) : null;
  if (kept) return kept;
  // An identifier of the row that another user of the app has would break the app's unique indexes.
  const taken = (await identifierOwners()).find((owner) => owner.id !== target?.id);
  if (taken) {
    const which = user.email !== null && taken.email === user.email ? 'email' : 'phone number';
    return failed(user.id, `its ${which} already belongs to user ${taken.id}.`);
  }
  const now = new Date().toISOString();
  const values = [
    user.email,
    user.phone,
    user.email_verified,
    user.phone_verified,
    user.status,
    user.user_metadata ? JSON.stringify(user.user_metadata) : null,
    user.login_count,
    user.last_login_at,
    user.updated_at ?? now,
  ];
  if (!target) {
    const id = user.id ?? newId();
    await q.insert.execute(db, ...values, id, app.id, user.created_at ?? now);
    return { id, outcome: 'created', reason: '' };
  }
  await q.update.execute(db, ...values, app.id, target.id);
  // As deactivating through the admin or management API: the user's sessions end now, not at reactivation.
  if (user.status === 'inactive' && target.status !== 'inactive') {
    await new RefreshTokens(db).revokeUser(app.id, target.id);
  }
  return { id: target.id, outcome: 'updated', reason: '' };
}

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

/**
 * Imports a batch in one transaction. The checks before each write leave a constraint error only to a
 * race (a sign-up taking an email meanwhile); then the batch is rolled back and each row imported on its
 * own, so that the one that lost is named and the others are stored.
 */
async function importBatch(
  db: Db,
  q: ImportQueries,
  app: AppSettings,
  batch: Checked[],
  newId: () => string,
): Promise<RowReport[]> {
  const run = async (trx: Db, rows: Checked[]) => {
    const reports: RowReport[] = [];
    for (const row of rows) {
      const result = 'user' in row ? await importRow(trx, q, app, row.user, newId) : row.failure;
      reports.push({ row: row.row, ...result });
    }
    return reports;
  };
  try {
    return await db.transaction().execute((trx) => run(trx, batch));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const reports: RowReport[] = [];
  for (const row of batch) {
    try {
      reports.push(...(await db.transaction().execute((trx) => run(trx, [row]))));
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
  const q = new ImportQueries(db);
  const totals: ImportTotals = { created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 };
  let batch: Checked[] = [];
  const store = async () => {
    const rows = await importBatch(db, q, app, batch, newId);
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
