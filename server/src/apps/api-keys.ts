import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { ApiKeysTable } from '../db/schema.js';
import { isoNow } from '../security/clock.js';
import { newId, sha256Hex } from '../security/random.js';
import { type AppSettings, couldBeAppId } from './app-settings.js';

export type ApiKeyRow = Selectable<ApiKeysTable>;

/** A key an app's `api_keys` setting declares but that does not work, and why. */
export interface DeclaredKeyProblem {
  name: string;
  /** `revoked`: the key was revoked and stays so; `other_app`: another app holds the same key. */
  problem: 'revoked' | 'other_app';
}

/** What changing an app's declared keys did: the keys it revoked and those it could not add. */
export interface DeclaredKeysSync {
  revoked: Array<{ id: string; name: string }>;
  problems: DeclaredKeyProblem[];
}

/** What the admin API shows of a key: never the key, never its hash. */
export function toApiKeyView(row: ApiKeyRow) {
  return {
    id: row.id,
    name: row.name,
    source: row.source,
    created_at: row.created_at,
    last_used_at: row.last_used_at ?? '',
  };
}

/** `opk_` (so secret scanners can spot one) + 32 random bytes, base64url. */
export function newApiKey(): string {
  return `opk_${randomBytes(32).toString('base64url')}`;
}

const declaredHashes = (app: Pick<AppSettings, 'api_keys'>) =>
  (app.api_keys ?? []).map((key) => ({ name: key.name, hash: key.sha256.toLowerCase() }));

/** A sentence for a declared key that does not work (start-up log, admin API answer). */
export function describeKeyProblem(appId: string, { name, problem }: DeclaredKeyProblem): string {
  return problem === 'revoked'
    ? `API key "${name}" of app ${appId} was revoked and stays revoked: remove it from api_keys and make a new one (open-passage-server api-key).`
    : `API key "${name}" of app ${appId} is already a key of another app: make a new one (open-passage-server api-key).`;
}

/**
 * The management API keys of every app. A key is 256 random bits, so a plain SHA-256 is a safe
 * stored form; a presented key is found by its hash and its app, then compared in constant time.
 * Revoking marks the row instead of deleting it: the hash stays taken, so the key never works again,
 * whoever declares it later.
 */
export class ApiKeys {
  constructor(private readonly db: Db) {}

  /** Stores a new key and answers it: the only time the key itself is known. */
  /** `db` may be the transaction that records the change. */
  async create(appId: string, name: string, db: Db = this.db): Promise<{ key: string; row: ApiKeyRow }> {
    const key = newApiKey();
    const row: ApiKeyRow = {
      id: newId(),
      app_id: appId,
      name,
      key_hash: sha256Hex(key),
      source: 'admin',
      created_at: isoNow(),
      last_used_at: null,
      revoked_at: null,
    };
    await db.insertInto('api_keys').values(row).execute();
    return { key, row };
  }

  /** The app's live keys. */
  list(appId: string): Promise<ApiKeyRow[]> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('app_id', '=', appId)
      .where('revoked_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /**
   * Revokes one live key of the app, however it was made; false when the app has no such key. `db` may
   * be the transaction that records the change.
   */
  async revoke(appId: string, id: string, db: Db = this.db): Promise<boolean> {
    const result = await db
      .updateTable('api_keys')
      .set({ revoked_at: isoNow() })
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Makes an app's live `source: 'file'` keys exactly the `api_keys` of its settings, inside the
   * caller's transaction `db` (so the change is in force when the settings are): a key no longer
   * declared is revoked, a new one added, unless it was ever revoked or is another app's.
   */
  async syncDeclared(appId: string, app: Pick<AppSettings, 'api_keys'>, db: Db): Promise<DeclaredKeysSync> {
    const declared = declaredHashes(app);
    const hashes = declared.map((key) => key.hash);
    let stale = db
      .updateTable('api_keys')
      .set({ revoked_at: isoNow() })
      .where('app_id', '=', appId)
      .where('source', '=', 'file')
      .where('revoked_at', 'is', null);
    if (hashes.length > 0) stale = stale.where('key_hash', 'not in', hashes);
    const revoked = await stale.returning(['id', 'name']).execute();
    if (declared.length === 0) return { revoked, problems: [] };
    await db
      .insertInto('api_keys')
      .values(
        declared.map((key) => ({
          id: newId(),
          app_id: appId,
          name: key.name,
          key_hash: key.hash,
          source: 'file' as const,
          created_at: isoNow(),
          last_used_at: null,
          revoked_at: null,
        })),
      )
      .onConflict((oc) => oc.column('key_hash').doNothing())
      .execute();
    const problems = await this.problemsOf(appId, declared, db);
    return { revoked, problems };
  }

  /** The declared keys of `app` that would not work, without changing anything. */
  declaredProblems(appId: string, app: Pick<AppSettings, 'api_keys'>): Promise<DeclaredKeyProblem[]> {
    return this.problemsOf(appId, declaredHashes(app), this.db);
  }

  private async problemsOf(
    appId: string,
    declared: Array<{ name: string; hash: string }>,
    db: Db,
  ): Promise<DeclaredKeyProblem[]> {
    if (declared.length === 0) return [];
    const rows = await db
      .selectFrom('api_keys')
      .select(['key_hash', 'app_id', 'revoked_at'])
      .where(
        'key_hash',
        'in',
        declared.map((key) => key.hash),
      )
      .execute();
    const byHash = new Map(rows.map((row) => [row.key_hash, row]));
    return declared.flatMap((key): DeclaredKeyProblem[] => {
      const row = byHash.get(key.hash);
      if (!row) return [];
      if (row.app_id !== appId) return [{ name: key.name, problem: 'other_app' }];
      return row.revoked_at ? [{ name: key.name, problem: 'revoked' }] : [];
    });
  }

  /** Revokes every key of the apps not in `appIds` (`db` may be a transaction). */
  async revokeAppsOtherThan(appIds: string[], db: Db = this.db): Promise<void> {
    let query = db.updateTable('api_keys').set({ revoked_at: isoNow() }).where('revoked_at', 'is', null);
    if (appIds.length > 0) query = query.where('app_id', 'not in', appIds);
    await query.execute();
  }

  /** Revokes every key of one app (it is being deleted), inside the caller's transaction. */
  async revokeApp(appId: string, db: Db): Promise<void> {
    await db
      .updateTable('api_keys')
      .set({ revoked_at: isoNow() })
      .where('app_id', '=', appId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** True when `presented` is a live key of this app. Read from the database each time: a revoked key stops at once. */
  async verify(appId: string, presented: string): Promise<boolean> {
    if (!couldBeAppId(appId)) return false; // no app has such an id (and PostgreSQL refuses a NUL in one)
    const hash = sha256Hex(presented);
    const row = await this.db
      .selectFrom('api_keys')
      .select(['id', 'key_hash', 'last_used_at'])
      .where('key_hash', '=', hash)
      .where('app_id', '=', appId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!row || !timingSafeEqual(Buffer.from(row.key_hash), Buffer.from(hash))) return false;
    // At most one write a minute per key: `last_used_at` tells whether a key is still in use, no more.
    if (!row.last_used_at || Date.parse(row.last_used_at) < Date.now() - 60_000) {
      await this.db
        .updateTable('api_keys')
        .set({ last_used_at: isoNow() })
        .where('id', '=', row.id)
        .execute();
    }
    return true;
  }
}
