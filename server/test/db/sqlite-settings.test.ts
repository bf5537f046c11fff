import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrateToLatest, openDatabase } from '../../src/db/database.js';
import { testDbKind } from '../support/test-database.js';

/** Files this process holds open that SQLite created as temporary files (unlinked, named etilqs_…). */
const openSqliteTempFiles = () =>
  readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      return target.includes('etilqs_') ? [target] : [];
    } catch {
      return []; // closed meanwhile
    }
  });

describe.skipIf(testDbKind !== 'sqlite')('SQLite settings', () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'op-sqlite-settings-'));
    db = openDatabase(`sqlite:${join(dir, 'test.db')}`).db;
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes ahead to a log, syncs at checkpoints, enforces foreign keys', async () => {
    const pragma = async (name: string) =>
      Object.values((await sql.raw<Record<string, unknown>>(`PRAGMA ${name}`).execute(db)).rows[0]!)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(1); // NORMAL
    expect(await pragma('foreign_keys')).toBe(1);
  });

  it.skipIf(!existsSync('/proc/self/fd'))(
    'keeps a large transaction’s savepoint journal in memory, not in a temporary file',
    async () => {
      // Each transaction is a savepoint of a group commit; this one journals far more than 64 KiB.
      const held = await db.transaction().execute(async (trx) => {
        const rows = Array.from({ length: 400 }, (_, i) => ({
          key: `settings-test:${i}:${'x'.repeat(400)}`,
          window_start: new Date().toISOString(),
          hits: 1,
        }));
        for (let i = 0; i < rows.length; i += 50) {
          await trx
            .insertInto('rate_limits')
            .values(rows.slice(i, i + 50))
            .execute();
        }
        await trx
          .updateTable('rate_limits')
          .set({ hits: 2 })
          .where('key', 'like', 'settings-test:%')
          .execute();
        return openSqliteTempFiles();
      });
      expect(held).toEqual([]);
      const { count } = await db
        .selectFrom('rate_limits')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('key', 'like', 'settings-test:%')
        .where('hits', '=', 2)
        .executeTakeFirstOrThrow();
      expect(Number(count)).toBe(400);
    },
  );
});
