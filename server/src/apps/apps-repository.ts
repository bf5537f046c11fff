import type { Db } from '../db/database.js';
import type { AppSettings } from './app-settings.js';

/** Apps live in the database so every instance sees the same set; the apps file seeds it. */
export class AppsRepository {
  constructor(private readonly db: Db) {}

  async find(id: string): Promise<AppSettings | undefined> {
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
  }
}
