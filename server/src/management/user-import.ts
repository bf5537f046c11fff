import type { AppSettings } from '../apps/app-settings.js';
import type { Db } from '../db/database.js';
import { RefreshTokens } from '../tokens/refresh-tokens.js';
import { describeIdentifierProblem, type IdentifierType, parseIdentifier } from '../users/identifier.js';
import { type UserMetadata, validateUserMetadata } from '../users/user-metadata.js';
import { isUniqueViolation, type UserRow, type UserStatus } from '../users/users-repository.js';
import { CsvError, parseCsv } from './csv.js';

/** One record to import, with how reports name it (`user #3`, `line 4`). */
export interface ImportRecord {
  row: string;
  fields: Record<string, unknown>;
}

export type ImportOutcome = 'created' | 'updated' | 'unchanged' | 'skipped' | 'failed';

export interface ImportReport {
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  failed: number;
  rows: { row: string; id: string; outcome: ImportOutcome; reason: string }[];
}

/** Columns of a CSV that are not metadata. */
const USER_COLUMNS = new Set([
  'id',
  'email',
  'phone',
  'email_verified',
  'phone_verified',
  'status',
  'created_at',
  'updated_at',
  'last_login_at',
  'login_count',
]);

/** Reads a Passage user export (a JSON list, `{users: […]}` or `{user: {…}}`) or a CSV with a header row. */
export function readImportFile(text: string, app: AppSettings): ImportRecord[] {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    const parsed = JSON.parse(trimmed) as unknown;
    const list = Array.isArray(parsed)
      ? parsed
      : ((parsed as { users?: unknown[]; user?: unknown }).users ??
        ((parsed as { user?: unknown }).user ? [(parsed as { user: unknown }).user] : null));
    if (!Array.isArray(list))
      throw new Error('A JSON import is a list of users, {"users": [...]} or {"user": {...}}.');
    return jsonRecords(list);
  }
  return csvRecords(text, app);
}

export function jsonRecords(list: unknown[]): ImportRecord[] {
  return list.map((fields, index) => ({
    row: `user #${index + 1}`,
    fields: fields as Record<string, unknown>,
  }));
}

/**
 * CSV cells are text: metadata cells become the type the app declares for their field; empty cells are
 * left out. A header naming a column twice is refused (only one of its cells could be kept).
 */
export function csvRecords(text: string, app: AppSettings): ImportRecord[] {
  const [header, ...records] = parseCsv(text);
  if (!header) return [];
  const names = header.fields.map((name) => name.trim());
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) throw new CsvError(`line ${header.line}: the column "${twice}" appears twice.`);
  const types = new Map(app.user_metadata_schema.map((field) => [field.field_name, field.type]));
  return records.map(({ line, fields }) => {
    const user: Record<string, unknown> = {};
    const metadata: Record<string, unknown> = {};
    names.forEach((name, i) => {
      const cell = fields[i]?.trim() ?? '';
      if (cell === '') return;
      if (USER_COLUMNS.has(name)) user[name] = cell;
      else metadata[name] = typedCell(cell, types.get(name));
    });
    if (Object.keys(metadata).length > 0) user.user_metadata = metadata;
    return { row: `line ${line}`, fields: user };
  });
}

function typedCell(cell: string, type: string | undefined): unknown {
  if (type === 'integer' && /^-?\d+$/.test(cell)) return Number(cell);
  if (type === 'boolean' && /^(true|false)$/i.test(cell)) return cell.toLowerCase() === 'true';
  return cell;
}

class RowProblem extends Error {}

interface ImportedUser {
  id: string | null;
  email: string | null;
  phone: string | null;
  email_verified: number;
  phone_verified: number;
  status: UserStatus;
  user_metadata: UserMetadata | null;
  login_count: number;
  last_login_at: string | null;
  created_at: string | null;
  updated_at: string | null;
}

function flag(value: unknown, name: string): number {
  if (value === undefined || value === null || value === '') return 0;
  if (value === true || value === 'true' || value === '1' || value === 1) return 1;
  if (value === false || value === 'false' || value === '0' || value === 0) return 0;
  throw new RowProblem(`${name} must be true or false.`);
}

/** An RFC 3339 time as stored (ISO, UTC); null for none, "" or Go's zero time (what Passage answered for "never"). */
function time(value: unknown, name: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  const date = typeof value === 'string' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) throw new RowProblem(`${name} must be an RFC 3339 time.`);
  return date.getUTCFullYear() <= 1 ? null : date.toISOString();
}

function identifier(value: unknown, type: IdentifierType): string | null {
  if (value === undefined || value === null || value === '') return null;
  const parsed = typeof value === 'string' ? parseIdentifier(value, type) : null;
  if (!parsed?.ok)
    throw new RowProblem(`${type}: ${describeIdentifierProblem(parsed ? parsed.problem : 'invalid', type)}`);
  return parsed.identifier.value;
}

/** Checks and normalises one record; throws RowProblem with a readable reason. */
function toImportedUser(fields: Record<string, unknown>, app: AppSettings): ImportedUser {
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields))
    throw new RowProblem('is not an object.');
  const id = fields.id === undefined || fields.id === '' ? null : fields.id;
  if (id !== null && (typeof id !== 'string' || !/^[A-Za-z0-9]{1,32}$/.test(id))) {
    throw new RowProblem('id must be 1 to 32 letters or digits.');
  }
  const email = identifier(fields.email, 'email');
  const phone = identifier(fields.phone, 'phone');
  if (!email && !phone) throw new RowProblem('has neither an email nor a phone number.');
  const status = fields.status ?? 'active';
  if (status !== 'active' && status !== 'inactive' && status !== 'pending') {
    throw new RowProblem('status must be active, inactive or pending.');
  }
  let metadata: UserMetadata | null = null;
  if (fields.user_metadata !== undefined && fields.user_metadata !== null) {
    if (typeof fields.user_metadata !== 'object' || Array.isArray(fields.user_metadata)) {
      throw new RowProblem('user_metadata must be an object.');
    }
    const checked = validateUserMetadata(
      app.user_metadata_schema,
      fields.user_metadata as Record<string, unknown>,
    );
    if (!checked.ok) throw new RowProblem(checked.error);
    metadata = Object.keys(checked.metadata).length > 0 ? checked.metadata : null;
  }
  const count =
    fields.login_count === undefined || fields.login_count === '' ? 0 : Number(fields.login_count);
  if (!Number.isSafeInteger(count) || count < 0)
    throw new RowProblem('login_count must be a whole number ≥ 0.');
  return {
    id,
    email,
    phone,
    email_verified: email ? flag(fields.email_verified, 'email_verified') : 0,
    phone_verified: phone ? flag(fields.phone_verified, 'phone_verified') : 0,
    status,
    user_metadata: metadata,
    login_count: count,
    last_login_at: time(fields.last_login_at, 'last_login_at'),
    created_at: time(fields.created_at, 'created_at'),
    updated_at: time(fields.updated_at, 'updated_at'),
  };
}

/** The stored user this record is: by id, else (without an id) by email or phone. */
async function findExisting(db: Db, appId: string, user: ImportedUser): Promise<UserRow | undefined> {
  const query = db.selectFrom('users').selectAll().where('app_id', '=', appId);
  if (user.id) return query.where('id', '=', user.id).executeTakeFirst();
  return query
    .where((eb) =>
      eb.or([
        ...(user.email ? [eb('email', '=', user.email)] : []),
        ...(user.phone ? [eb('phone', '=', user.phone)] : []),
      ]),
    )
    .executeTakeFirst();
}

const storedTime = (value: string) => new Date(value.includes('T') ? value : `${value.replace(' ', 'T')}Z`);

async function importOne(
  db: Db,
  app: AppSettings,
  user: ImportedUser,
  newId: () => string,
): Promise<{ id: string; outcome: ImportOutcome; reason: string }> {
  const existing = await findExisting(db, app.id, user);
  const now = new Date().toISOString();
  const values = {
    email: user.email,
    phone: user.phone,
    email_verified: user.email_verified,
    phone_verified: user.phone_verified,
    status: user.status,
    user_metadata: user.user_metadata ? JSON.stringify(user.user_metadata) : null,
    login_count: user.login_count,
    last_login_at: user.last_login_at,
  };
  if (!existing) {
    const id = user.id ?? newId();
    await db
      .insertInto('users')
      .values({
        id,
        app_id: app.id,
        ...values,
        created_at: user.created_at ?? now,
        updated_at: user.updated_at ?? now,
      })
      .execute();
    return { id, outcome: 'created', reason: '' };
  }
  if (!user.updated_at) {
    return {
      id: existing.id,
      outcome: 'unchanged',
      reason: 'already present; the row has no updated_at to show it is newer',
    };
  }
  const stored = storedTime(existing.updated_at).getTime();
  const incoming = new Date(user.updated_at).getTime();
  if (incoming === stored) return { id: existing.id, outcome: 'unchanged', reason: 'already imported' };
  if (incoming < stored) {
    return {
      id: existing.id,
      outcome: 'skipped',
      reason: `the stored record is newer (updated ${storedTime(existing.updated_at).toISOString()})`,
    };
  }
  await db
    .updateTable('users')
    .set({ ...values, updated_at: user.updated_at })
    .where('app_id', '=', app.id)
    .where('id', '=', existing.id)
    .execute();
  // As deactivating through the admin or management API: the user's sessions end now, not at reactivation.
  if (user.status === 'inactive' && existing.status !== 'inactive') {
    await new RefreshTokens(db).revokeUser(app.id, existing.id);
  }
  return { id: existing.id, outcome: 'updated', reason: '' };
}

/**
 * Imports users into an app, each record on its own: users keep their ids; a record already stored is
 * left alone unless its `updated_at` is later; a bad record is reported by its row and never stops
 * the others. Running the same import twice changes nothing the second time.
 */
export async function importUsers(
  db: Db,
  app: AppSettings,
  records: ImportRecord[],
  newId: () => string,
): Promise<ImportReport> {
  const report: ImportReport = { created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0, rows: [] };
  for (const record of records) {
    const givenId = typeof record.fields?.id === 'string' ? record.fields.id : '';
    let result: { id: string; outcome: ImportOutcome; reason: string };
    try {
      result = await importOne(db, app, toImportedUser(record.fields, app), newId);
    } catch (error) {
      if (error instanceof RowProblem) result = { id: givenId, outcome: 'failed', reason: error.message };
      else if (isUniqueViolation(error)) {
        result = {
          id: givenId,
          outcome: 'failed',
          reason: 'its id, email or phone number already belongs to another user',
        };
      } else throw error;
    }
    report[result.outcome]++;
    report.rows.push({ row: record.row, ...result });
  }
  return report;
}
