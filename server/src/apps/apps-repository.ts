import type { Db } from '../db/database.js';
import type { AppSettings } from './app-settings.js';

/**
 * App ids are letters and digits (app-settings.ts); routes take any text as an id, so anything else is
 * known to match no app without asking the database (PostgreSQL refuses a NUL in text, for one).
 */
export function couldBeAppId(id: string): boolean {
  return /^[A-Za-z0-9]{1,64}$/.test(id);
}

/** Apps live in the database so every instance sees the same set; the apps file seeds it. */
export class AppsRepository {
  private readonly changeListeners: Array<(id: string) => void> = [];

  constructor(private readonly db: Db) {}

  /** Called after an app was changed or deleted through this instance (e.g. to drop a cache entry). */
  onChange(listener: (id: string) => void): void {
    this.changeListeners.push(listener);
  }

  async find(id: string): Promise<AppSettings | undefined> {
    if (!couldBeAppId(id)) return undefined;
    const row = await this.db.selectFrom('apps').select('settings').where('id', '=', id).executeTakeFirst();
    return row ? (JSON.parse(row.settings) as AppSettings) : undefined;
  }

  /** Inserts or replaces an app's settings. */
  async upsert(app: AppSettings): Promise<void> {
    const settings = JSON.stringify(app);
    await this.db
      .insertInto('apps')
      .values({ id: app.id, settings })
      .onConflict((oc) => oc.column('id').doUpdateSet({ settings, updated_at: new Date().toISOString() }))
      .execute();
    for (const listener of this.changeListeners) listener(app.id);
  }

  async list(): Promise<AppSettings[]> {
    const rows = await this.db.selectFrom('apps').select('settings').orderBy('id').execute();
    return rows.map((row) => JSON.parse(row.settings) as AppSettings);
  }

  /** True when an app was deleted. */
  async delete(id: string): Promise<boolean> {
    if (!couldBeAppId(id)) return false;
    const result = await this.db.deleteFrom('apps').where('id', '=', id).executeTakeFirst();
    for (const listener of this.changeListeners) listener(id);
    return Number(result.numDeletedRows) > 0;
  }
}
