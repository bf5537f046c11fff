import type { Insertable } from 'kysely';
import type { IdentifierType } from 'open-passage/contract';
import type { UsersTable } from '../db/schema.js';
import type { UserRow } from '../users/users-repository.js';
import type { ImportedUser } from './import-row.js';

export type ImportOutcome = 'created' | 'updated' | 'unchanged' | 'skipped' | 'failed';

/** What became of one row, but its name: the user's id, and why the row was not stored. */
export interface RowResult {
  id: string;
  outcome: ImportOutcome;
  reason: string;
}

export const failed = (id: string | null, reason: string): RowResult => ({
  id: id ?? '',
  outcome: 'failed',
  reason,
});

/** The columns an imported row sets. */
type UserValues = Pick<
  UserRow,
  | 'email'
  | 'phone'
  | 'email_verified'
  | 'phone_verified'
  | 'status'
  | 'user_metadata'
  | 'login_count'
  | 'last_login_at'
  | 'updated_at'
>;

const storedTime = (value: string) => new Date(value.includes('T') ? value : `${value.replace(' ', 'T')}Z`);

/** Whether a stored user stays as it is (unchanged or skipped, with why), or null when the row replaces it. */
function keepStored(stored: UserRow, user: ImportedUser): RowResult | null {
  const kept = (outcome: 'unchanged' | 'skipped', reason: string) => ({ id: stored.id, outcome, reason });
  if (!user.updated_at) {
    return kept('unchanged', 'already present; the row has no updated_at to show it is newer');
  }
  const storedAt = storedTime(stored.updated_at);
  const incoming = new Date(user.updated_at).getTime();
  if (incoming === storedAt.getTime()) return kept('unchanged', 'already imported');
  if (incoming < storedAt.getTime()) {
    return kept('skipped', `the stored record is newer (updated ${storedAt.toISOString()})`);
  }
  return null;
}

/**
 * The writes of one batch, decided in memory: each row is judged against the stored users the batch names
 * (read with two queries, not two per row) as the batch's earlier rows leave them, in the order of the
 * file. Inserts and updates are kept apart: an update is only ever of a user stored before the batch, so
 * running the updates first, then the inserts, frees an email before a new user takes it, never after.
 */
export class BatchPlan {
  /** Users by id, of every app (an id is unique in the whole database). */
  private readonly users = new Map<string, UserRow>();
  /** This app's users by email and by phone number. */
  private readonly owners = { email: new Map<string, string>(), phone: new Map<string, string>() };
  readonly inserts = new Map<string, Insertable<UsersTable>>();
  /** Per stored user: its new values, and whether a row deactivated it (its sessions end). */
  readonly updates = new Map<string, { values: UserValues; deactivated: boolean }>();

  constructor(
    private readonly appId: string,
    stored: UserRow[],
    private readonly newId: () => string,
  ) {
    for (const user of stored) this.remember(user);
  }

  private remember(user: UserRow): void {
    const before = this.users.get(user.id);
    this.users.set(user.id, user);
    if (user.app_id !== this.appId) return;
    for (const type of ['email', 'phone'] as const) {
      if (before?.[type] && this.owners[type].get(before[type]) === user.id)
        this.owners[type].delete(before[type]);
      if (user[type]) this.owners[type].set(user[type], user.id);
    }
  }

  private ownerOf(type: IdentifierType, value: string | null): UserRow | undefined {
    const id = value === null ? undefined : this.owners[type].get(value);
    return id === undefined ? undefined : this.users.get(id);
  }

  /** Decides one row, and records its write. */
  row(user: ImportedUser, now: string): RowResult {
    // A row names its user by id, or else by email or phone.
    const target = user.id
      ? this.users.get(user.id)
      : (this.ownerOf('email', user.email) ?? this.ownerOf('phone', user.phone));
    if (target && target.app_id !== this.appId) {
      return failed(user.id, `the id ${user.id} belongs to a user of another app.`);
    }
    const kept = target ? keepStored(target, user) : null;
    if (kept) return kept;
    // An identifier that another user of the app has would break the app's unique indexes.
    for (const [type, words] of [
      ['email', 'email'],
      ['phone', 'phone number'],
    ] as const) {
      const owner = this.ownerOf(type, user[type]);
      if (owner && owner.id !== target?.id)
        return failed(user.id, `its ${words} already belongs to user ${owner.id}.`);
    }
    const values: UserValues = {
      email: user.email,
      phone: user.phone,
      email_verified: user.email_verified,
      phone_verified: user.phone_verified,
      status: user.status,
      user_metadata: user.user_metadata ? JSON.stringify(user.user_metadata) : null,
      login_count: user.login_count,
      last_login_at: user.last_login_at,
      updated_at: user.updated_at ?? now,
    };
    if (!target) return this.create(user, values, now);
    const inserted = this.inserts.get(target.id);
    if (inserted) Object.assign(inserted, values);
    else {
      const update = this.updates.get(target.id);
      // As deactivating through the admin or management API: the user's sessions end now.
      const deactivated = user.status === 'inactive' && target.status !== 'inactive';
      this.updates.set(target.id, { values, deactivated: deactivated || update?.deactivated === true });
    }
    this.remember({ ...target, ...values });
    return { id: target.id, outcome: 'updated', reason: '' };
  }

  private create(user: ImportedUser, values: UserValues, now: string): RowResult {
    const id = user.id ?? this.newId();
    const row = { ...values, id, app_id: this.appId, created_at: user.created_at ?? now };
    this.inserts.set(id, row);
    this.remember({ ...row, code_failures: 0, code_locked_until: null });
    return { id, outcome: 'created', reason: '' };
  }
}
