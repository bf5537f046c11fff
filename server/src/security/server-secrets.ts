import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.js';
import { isoNow } from './clock.js';

/**
 * Secrets generated on first use and kept in the database, so every instance uses the same one.
 * Cached after the first read: the request path never waits for the database for them.
 */
export class ServerSecrets {
  private readonly cache = new Map<string, Promise<Buffer>>();

  constructor(private readonly db: Db) {}

  /** 32 random bytes under `name`, created if absent (the first writer wins under a race). */
  get(name: string): Promise<Buffer> {
    let secret = this.cache.get(name);
    if (!secret) {
      secret = this.load(name);
      secret.catch(() => this.cache.delete(name));
      this.cache.set(name, secret);
    }
    return secret;
  }

  private async load(name: string): Promise<Buffer> {
    await this.db
      .insertInto('server_secrets')
      .values({ name, value: randomBytes(32).toString('base64'), created_at: isoNow() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return Buffer.from(row.value, 'base64');
  }
}
