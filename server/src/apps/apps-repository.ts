import type { Db } from '../db/database.js';
import { ApiKeys, type DeclaredKeysSync } from './api-keys.js';
import { ServerSecrets } from '../security/server-secrets.js';
import { type AppSettings, couldBeAppId } from './app-settings.js';
import { SealedSecrets } from './sealed-secrets.js';

/** What a start did to the API keys an app declares. */
export interface AppKeysSync extends DeclaredKeysSync {
  appId: string;
}

/**
 * Apps live in the database so every instance sees the same set. One source of truth per app
 * (docs/server/apps-file.md): the apps file for the apps it declares (written at every start, never
 * changed through the admin API), the database for the apps made through the admin API. Settings and
 * the API keys they declare change in one transaction, so a key removed from them is dead when the
 * change is answered.
 */
export class AppsRepository {
  readonly keys: ApiKeys;
  private readonly changeListeners: Array<(id: string) => void> = [];
  private readonly fileAppIds = new Set<string>();
  /** The social providers' secrets are stored sealed (apps/sealed-secrets.ts). */
  private readonly sealed: SealedSecrets;

  constructor(private readonly db: Db) {
    this.keys = new ApiKeys(db);
    const secrets = new ServerSecrets(db);
    this.sealed = new SealedSecrets(() => secrets.get('app-settings-secrets'));
  }

  /** Called after an app was changed or deleted through this instance (e.g. to drop a cache entry). */
  onChange(listener: (id: string) => void): void {
    this.changeListeners.push(listener);
  }

  /** Whether the apps file this server started with declares the app: then only the file changes it. */
  declaredInFile(id: string): boolean {
    return this.fileAppIds.has(id);
  }

  /**
   * At start: stores the apps of the apps file as it declares them, brings the declared keys of every
   * other stored app in line with its settings, and revokes the keys of apps that are gone.
   */
  async seedFromFile(apps: AppSettings[]): Promise<AppKeysSync[]> {
    const syncs: AppKeysSync[] = [];
    for (const app of apps) {
      this.fileAppIds.add(app.id);
      syncs.push({ appId: app.id, ...(await this.upsert(app)) });
    }
    const stored = await this.list();
    for (const app of stored.filter((one) => !this.fileAppIds.has(one.id))) {
      const sync = await this.db.transaction().execute((trx) => this.keys.syncDeclared(app.id, app, trx));
      syncs.push({ appId: app.id, ...sync });
    }
    await this.keys.revokeAppsOtherThan(stored.map((app) => app.id));
    return syncs;
  }

  async find(id: string): Promise<AppSettings | undefined> {
    if (!couldBeAppId(id)) return undefined;
    const row = await this.db.selectFrom('apps').select('settings').where('id', '=', id).executeTakeFirst();
    return row ? this.sealed.open(JSON.parse(row.settings) as AppSettings) : undefined;
  }

  /** Inserts or replaces an app's settings, and its declared API keys with them. */
  async upsert(app: AppSettings): Promise<DeclaredKeysSync> {
    const settings = JSON.stringify(await this.sealed.seal(app));
    const sync = await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('apps')
        .values({ id: app.id, settings })
        .onConflict((oc) => oc.column('id').doUpdateSet({ settings, updated_at: new Date().toISOString() }))
        .execute();
      return this.keys.syncDeclared(app.id, app, trx);
    });
    this.changed(app.id);
    return sync;
  }

  /** Stores an app unless one with its id exists (whose settings stay as they are); true when stored. */
  async insertIfMissing(app: AppSettings): Promise<boolean> {
    const settings = JSON.stringify(await this.sealed.seal(app));
    const inserted = await this.db.transaction().execute(async (trx) => {
      const result = await trx
        .insertInto('apps')
        .values({ id: app.id, settings })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await this.keys.syncDeclared(app.id, app, trx);
      return true;
    });
    if (inserted) this.changed(app.id);
    return inserted;
  }

  async list(): Promise<AppSettings[]> {
    const rows = await this.db.selectFrom('apps').select('settings').orderBy('id').execute();
    return Promise.all(rows.map((row) => this.sealed.open(JSON.parse(row.settings) as AppSettings)));
  }

  /**
   * True when an app was deleted; its API keys are revoked with it, and its webhook endpoints go with
   * their queued messages and delivery log (an app made later with the same id starts without them).
   */
  async delete(id: string): Promise<boolean> {
    if (!couldBeAppId(id)) return false;
    const deleted = await this.db.transaction().execute(async (trx) => {
      const result = await trx.deleteFrom('apps').where('id', '=', id).executeTakeFirst();
      await this.keys.revokeApp(id, trx);
      const endpoints = trx.selectFrom('webhook_endpoints').select('id').where('app_id', '=', id);
      await trx.deleteFrom('webhook_attempts').where('endpoint_id', 'in', endpoints).execute();
      await trx.deleteFrom('webhook_messages').where('app_id', '=', id).execute();
      await trx.deleteFrom('webhook_endpoints').where('app_id', '=', id).execute();
      return Number(result.numDeletedRows) > 0;
    });
    this.changed(id);
    return deleted;
  }

  private changed(id: string): void {
    for (const listener of this.changeListeners) listener(id);
  }
}
