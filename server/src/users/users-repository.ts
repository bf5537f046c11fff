import { type Selectable, sql } from 'kysely';
import type { IdentifierType, UserStatus } from 'open-passage/contract';
import type { Db } from '../db/database.js';
import { PreparedQuery } from '../db/prepared-query.js';
import type { UsersTable } from '../db/schema.js';
import { isoNow } from '../security/clock.js';
import { newId } from '../security/random.js';
import type { Identifier } from './identifier.js';
import type { UserMetadata } from './user-metadata.js';

export type UserRow = Selectable<UsersTable>;

/** Users of all apps. Every method is scoped to an app: a user id never reaches across apps. */
export class UsersRepository {
  /** The hottest read of the API (every identifier lookup and sign-in), one compiled query per kind. */
  private readonly byIdentifier: Record<IdentifierType, PreparedQuery<[string, string], UserRow>>;
  /** Every sign-in's update, compiled once for each combination of its options. */
  private readonly signInUpdates = new Map<string, PreparedQuery<[string, string, string], UserRow>>();

  constructor(private readonly db: Db) {
    const byColumn = (column: IdentifierType) =>
      new PreparedQuery(db, (q, appId: string, value: string) =>
        q.selectFrom('users').selectAll().where('app_id', '=', appId).where(column, '=', value),
      );
    this.byIdentifier = { email: byColumn('email'), phone: byColumn('phone') };
  }

  findById(appId: string, userId: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  findByIdentifier(appId: string, identifier: Identifier, db: Db = this.db): Promise<UserRow | undefined> {
    return this.byIdentifier[identifier.type].first(db, appId, identifier.value);
  }

  /**
   * Creates a `pending` user, or returns the existing one when another request created it first
   * (the unique index decides; the caller checks the status). `db` may be a transaction.
   */
  async createPending(
    appId: string,
    identifier: Identifier,
    metadata: UserMetadata | null,
    db: Db = this.db,
  ): Promise<UserRow> {
    const now = isoNow();
    await db
      .insertInto('users')
      .values({
        id: newId(),
        app_id: appId,
        email: identifier.type === 'email' ? identifier.value : null,
        phone: identifier.type === 'phone' ? identifier.value : null,
        email_verified: 0,
        phone_verified: 0,
        status: 'pending',
        user_metadata: metadata && Object.keys(metadata).length > 0 ? JSON.stringify(metadata) : null,
        last_login_at: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['app_id', identifier.type]).doNothing())
      .execute();
    const user = await this.findByIdentifier(appId, identifier, db);
    if (!user) throw new Error('user vanished right after it was created');
    return user;
  }

  /**
   * Creates an active user with these identifiers in one statement, or answers undefined when another
   * user of the app has one of them: the unique indexes decide, so of concurrent creations with one
   * identifier exactly one succeeds, and the user holds what that one sent.
   */
  async createActive(
    appId: string,
    identifiers: { email: string | null; phone: string | null },
    metadata: UserMetadata,
  ): Promise<UserRow | undefined> {
    const now = isoNow();
    try {
      return await this.db
        .insertInto('users')
        .values({
          id: newId(),
          app_id: appId,
          ...identifiers,
          email_verified: 0,
          phone_verified: 0,
          status: 'active',
          user_metadata: Object.keys(metadata).length > 0 ? JSON.stringify(metadata) : null,
          last_login_at: null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  /** Replaces the metadata of a pending user (a repeated `POST /users` during registration). */
  async setMetadata(
    appId: string,
    userId: string,
    metadata: UserMetadata | null,
    db: Db = this.db,
  ): Promise<void> {
    await db
      .updateTable('users')
      .set({ user_metadata: metadata ? JSON.stringify(metadata) : null, updated_at: isoNow() })
      .where('app_id', '=', appId)
      .where('id', '=', userId)
      .execute();
  }

  /** Marks an identifier as verified and a pending user as active (control of it was just proven). */
  async confirmIdentifier(appId: string, userId: string, type: IdentifierType): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({
        [type === 'email' ? 'email_verified' : 'phone_verified']: 1,
        status: eb
          .case()
          .when('status', '=', 'pending')
          .then('active' as const)
          .else(eb.ref('status'))
          .end(),
        updated_at: isoNow(),
      }))
      .where('app_id', '=', appId)
      .where('id', '=', userId)
      .execute();
  }

  /** Turns a pending user into an active one (e.g. after the first passkey was registered). */
  async activate(appId: string, userId: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ status: 'active', updated_at: isoNow() })
      .where('app_id', '=', appId)
      .where('id', '=', userId)
      .where('status', '=', 'pending')
      .execute();
  }

  /** `db` may be a transaction. */
  async setStatus(appId: string, userId: string, status: UserStatus, db: Db = this.db): Promise<void> {
    await db
      .updateTable('users')
      .set({ status, updated_at: isoNow() })
      .where('app_id', '=', appId)
      .where('id', '=', userId)
      .execute();
  }

  private signInUpdate(options: { confirm?: IdentifierType; activate?: boolean }) {
    const variant = `${options.confirm ?? ''}:${options.activate === true}`;
    let query = this.signInUpdates.get(variant);
    if (!query) {
      const verifiedColumn = options.confirm === 'email' ? 'email_verified' : 'phone_verified';
      query = new PreparedQuery(this.db, (q, appId: string, userId: string, now: string) =>
        q
          .updateTable('users')
          .set((eb) => ({
            login_count: sql<number>`login_count + 1`,
            last_login_at: now,
            updated_at: now,
            code_failures: sql.lit(0),
            code_locked_until: sql.lit(null),
            ...(options.confirm ? { [verifiedColumn]: sql.lit(1) } : {}),
            ...(options.confirm || options.activate
              ? {
                  status: eb
                    .case()
                    .when('status', '=', sql.lit('pending'))
                    .then(sql.lit<UserStatus>('active'))
                    .else(eb.ref('status'))
                    .end(),
                }
              : {}),
          }))
          .where('app_id', '=', appId)
          .where('id', '=', userId)
          .where('status', '!=', sql.lit('inactive'))
          .returningAll(),
      );
      this.signInUpdates.set(variant, query);
    }
    return query;
  }

  /**
   * Counts a sign-in in one statement and answers the updated user (undefined when unknown):
   * `confirm` also marks that identifier verified; `confirm` or `activate` turn a pending user active.
   * An inactive user is left untouched (and answered as is, for the caller to refuse). A sign-in also
   * clears the wrong-code budget (only a success resets it). `db` may be a transaction.
   */
  async recordSignIn(
    appId: string,
    userId: string,
    options: { confirm?: IdentifierType; activate?: boolean },
    db: Db = this.db,
  ): Promise<UserRow | undefined> {
    const updated = await this.signInUpdate(options).first(db, appId, userId, isoNow());
    return (
      updated ??
      db
        .selectFrom('users')
        .selectAll()
        .where('app_id', '=', appId)
        .where('id', '=', userId)
        .executeTakeFirst()
    );
  }

  /**
   * Sets or removes (value null) the user's email or phone.
   * Returns false when another user of the app already has that identifier.
   */
  changeIdentifier(
    appId: string,
    userId: string,
    type: IdentifierType,
    value: string | null,
    verified: boolean,
  ): Promise<boolean> {
    return this.changeIdentifiers(appId, userId, [{ type, value }], verified);
  }

  /**
   * Sets or removes (value null) several identifiers in one statement: all change, or none does.
   * Returns false when another user of the app already has one of them (in a transaction `db`, which
   * PostgreSQL then aborts: the caller ends it).
   */
  async changeIdentifiers(
    appId: string,
    userId: string,
    changes: Array<{ type: IdentifierType; value: string | null }>,
    verified: boolean,
    db: Db = this.db,
  ): Promise<boolean> {
    const columns = Object.fromEntries(
      changes.flatMap(({ type, value }) => [
        [type, value],
        [`${type}_verified`, value && verified ? 1 : 0],
      ]),
    ) as Partial<Pick<UsersTable, 'email' | 'phone' | 'email_verified' | 'phone_verified'>>;
    try {
      await db
        .updateTable('users')
        .set({ ...columns, updated_at: isoNow() })
        .where('app_id', '=', appId)
        .where('id', '=', userId)
        .execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /**
   * One page of an app's users, oldest first, with the number of users that match in all.
   * `filter` narrows by id, identifier (exact, normalised) or status.
   */
  async listPage(
    appId: string,
    page: { offset: number; limit: number },
    filter: { id?: string; identifier?: Identifier; status?: UserStatus } = {},
  ): Promise<{ users: UserRow[]; total: number }> {
    let query = this.db.selectFrom('users').where('app_id', '=', appId);
    if (filter.id) query = query.where('id', '=', filter.id);
    if (filter.identifier) query = query.where(filter.identifier.type, '=', filter.identifier.value);
    if (filter.status) query = query.where('status', '=', filter.status);
    const [users, count] = await Promise.all([
      query.selectAll().orderBy('created_at').orderBy('id').limit(page.limit).offset(page.offset).execute(),
      query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { users, total: Number(count.total) };
  }

  /** `db` may be the transaction that records the change. */
  async updateMetadata(appId: string, userId: string, metadata: UserMetadata, db?: Db): Promise<void> {
    await this.setMetadata(appId, userId, Object.keys(metadata).length > 0 ? metadata : null, db);
  }
}

/** SQLite's extended result codes for a refused unique index and primary key. */
const SQLITE_UNIQUE_ERRCODES = new Set([2067, 1555]);

/**
 * A unique index or primary key refused a row: node:sqlite says ERR_SQLITE_ERROR with SQLite's extended
 * result code, PostgreSQL 23505 (both).
 */
export function isUniqueViolation(error: unknown): boolean {
  const { code, errcode } = (error ?? {}) as { code?: string; errcode?: number };
  if (code === 'ERR_SQLITE_ERROR') return errcode !== undefined && SQLITE_UNIQUE_ERRCODES.has(errcode);
  return code === '23505';
}

export function parseMetadata(row: UserRow): UserMetadata | null {
  return row.user_metadata ? (JSON.parse(row.user_metadata) as UserMetadata) : null;
}
