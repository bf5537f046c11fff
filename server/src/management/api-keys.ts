import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { AppSettings } from '../apps/app-settings.js';
import { couldBeAppId } from '../apps/apps-repository.js';
import type { ApiKeysTable } from '../db/schema.js';
import { isoNow } from '../security/clock.js';
import { newId, sha256Hex } from '../security/random.js';

export type ApiKeyRow = Selectable<ApiKeysTable>;

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

/**
 * The management API keys of every app. A key is 256 random bits, so a plain SHA-256 is a safe
 * stored form; a presented key is found by its hash and its app, then compared in constant time.
 */
export class ApiKeys {
  constructor(private readonly db: Db) {}

  /** Stores a new key and answers it: the only time the key itself is known. */
  async create(appId: string, name: string): Promise<{ key: string; row: ApiKeyRow }> {
    const key = newApiKey();
    const row: ApiKeyRow = {
      id: newId(),
      app_id: appId,
      name,
      key_hash: sha256Hex(key),
      source: 'admin',
      created_at: isoNow(),
      last_used_at: null,
    };
    await this.db.insertInto('api_keys').values(row).execute();
    return { key, row };
  }

  list(appId: string): Promise<ApiKeyRow[]> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('app_id', '=', appId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** Deletes a key made through the admin API; false when the app has no such key. */
  async revoke(appId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('api_keys')
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .where('source', '=', 'admin')
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Makes an app's `source: 'file'` keys exactly the `api_keys` of its settings (the apps file, or the
   * admin API's app routes); an app that is gone (`undefined`) loses every key.
   */
  async syncSettings(appId: string, app: Pick<AppSettings, 'api_keys'> | undefined): Promise<void> {
    const declared = app?.api_keys ?? [];
    const hashes = declared.map((key) => key.sha256.toLowerCase());
    await this.db.transaction().execute(async (trx) => {
      let stale = trx.deleteFrom('api_keys').where('app_id', '=', appId);
      stale = app ? stale.where('source', '=', 'file') : stale;
      if (hashes.length > 0) stale = stale.where('key_hash', 'not in', hashes);
      await stale.execute();
      for (const [i, key] of declared.entries()) {
        await trx
          .insertInto('api_keys')
          .values({
            id: newId(),
            app_id: appId,
            name: key.name,
            key_hash: hashes[i]!,
            source: 'file',
            created_at: isoNow(),
            last_used_at: null,
          })
          .onConflict((oc) => oc.column('key_hash').doNothing())
          .execute();
      }
    });
  }

  /** Deletes the keys of apps that no longer exist (deleted by another instance while this one was down). */
  async forgetAppsOtherThan(appIds: string[]): Promise<void> {
    let query = this.db.deleteFrom('api_keys');
    if (appIds.length > 0) query = query.where('app_id', 'not in', appIds);
    await query.execute();
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
