import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrateToLatest, openDatabase } from '../../src/db/database.js';
import { openSqlite } from '../../src/db/sqlite-driver.js';
import { testDbKind } from '../support/test-database.js';

/** SQLite's group commit, watched from a second connection that sees only committed work. */
describe.skipIf(testDbKind !== 'sqlite')('SQLite group commit', () => {
  let dir: string;
  let db: Db;
  let observer: DatabaseSync;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'op-group-commit-'));
    db = openDatabase(`sqlite:${join(dir, 'test.db')}`).db;
    await migrateToLatest(db);
    // A parent/child pair whose deferred foreign key is checked only at COMMIT: a way to make one fail.
    await sql`CREATE TABLE parents (id TEXT PRIMARY KEY)`.execute(db);
    await sql`CREATE TABLE children (id TEXT PRIMARY KEY, parent TEXT REFERENCES parents(id) DEFERRABLE INITIALLY DEFERRED)`.execute(
      db,
    );
    observer = openSqlite(join(dir, 'test.db'), { readonly: true });
  });
  afterAll(async () => {
    observer.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The committed row, as a plain object (node:sqlite's rows have no prototype). */
  const committed = (key: string) => {
    const [row] = observer.prepare('SELECT hits FROM rate_limits WHERE key = ?').all(key);
    return row ? { ...(row as { hits: number }) } : undefined;
  };
  const insert = (target: Db, key: string) =>
    target
      .insertInto('rate_limits')
      .values({ key, window_start: new Date().toISOString(), hits: 1 })
      .execute();

  it('answers a transaction only once its work is committed, many at once sharing commits', async () => {
    const keys = Array.from({ length: 40 }, (_, i) => `together-${i}`);
    await Promise.all(
      keys.map((key) =>
        db
          .transaction()
          .execute((trx) => insert(trx, key))
          .then(() => expect(committed(key)).toEqual({ hits: 1 })),
      ),
    );
  });

  it('answers a write outside a transaction only once it is committed', async () => {
    await Promise.all(
      ['alone-1', 'alone-2', 'alone-3'].map((key) =>
        insert(db, key).then(() => expect(committed(key)).toEqual({ hits: 1 })),
      ),
    );
  });

  it('undoes a failed transaction alone, and the others of its group commit', async () => {
    const failing = db.transaction().execute(async (trx) => {
      await insert(trx, 'undone');
      throw new Error('changed my mind');
    });
    const passing = db.transaction().execute((trx) => insert(trx, 'kept'));
    await expect(failing).rejects.toThrow('changed my mind');
    await passing;
    expect(committed('undone')).toBeUndefined();
    expect(committed('kept')).toEqual({ hits: 1 });
    // The connection is free and working afterwards.
    await insert(db, 'after');
    expect(committed('after')).toEqual({ hits: 1 });
  });

  it('fails every member of a group whose COMMIT fails, and commits the next group', async () => {
    const orphan = db
      .transaction()
      .execute((trx) => sql`INSERT INTO children (id, parent) VALUES ('orphan', 'nobody')`.execute(trx));
    const neighbour = db.transaction().execute((trx) => insert(trx, 'neighbour'));
    await expect(orphan).rejects.toThrow(/FOREIGN KEY/);
    await expect(neighbour).rejects.toThrow(/FOREIGN KEY/);
    expect(committed('neighbour')).toBeUndefined();
    expect(observer.prepare("SELECT id FROM children WHERE id = 'orphan'").all()).toEqual([]);
    await insert(db, 'next-group');
    expect(committed('next-group')).toEqual({ hits: 1 });
  });

  it('reads its own writes inside a transaction and sees committed ones outside', async () => {
    await db.transaction().execute(async (trx) => {
      await insert(trx, 'read-own');
      const row = await trx
        .selectFrom('rate_limits')
        .select('hits')
        .where('key', '=', 'read-own')
        .executeTakeFirst();
      expect(row).toEqual({ hits: 1 });
    });
    expect(
      await db.selectFrom('rate_limits').select('hits').where('key', '=', 'read-own').executeTakeFirst(),
    ).toEqual({ hits: 1 });
  });

  it('closes a group that a failed write outside a transaction opened, releasing the write lock', async () => {
    await insert(db, 'duplicate');
    await expect(insert(db, 'duplicate')).rejects.toThrow(/UNIQUE/);
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    const writer = openSqlite(join(dir, 'test.db'), { timeout: 0 });
    try {
      expect(() => writer.exec('BEGIN IMMEDIATE; ROLLBACK')).not.toThrow();
    } finally {
      writer.close();
    }
  });

  const writeLockIsFree = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    const writer = openSqlite(join(dir, 'test.db'), { timeout: 0 });
    try {
      writer.exec('BEGIN IMMEDIATE; ROLLBACK');
      return true;
    } catch {
      return false;
    } finally {
      writer.close();
    }
  };

  it('closes the group after a rolled-back transaction on an idle server', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await insert(trx, 'idle-rollback');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await writeLockIsFree()).toBe(true);
  });

  it('lets a transaction await a write made outside it without waiting on itself', async () => {
    const outside = insert(db, 'outside-first');
    await db.transaction().execute(async (trx) => {
      await outside;
      await insert(trx, 'inside-after');
    });
    expect(committed('outside-first')).toEqual({ hits: 1 });
    expect(committed('inside-after')).toEqual({ hits: 1 });
  }, 3_000);

  it('keeps a connection taken with db.connection() to itself until it is done', async () => {
    const held = db.connection().execute(async (connection) => {
      await insert(connection, 'held-1');
      await new Promise((resolve) => setTimeout(resolve, 20));
      await insert(connection, 'held-2');
    });
    const rolledBack = db.transaction().execute(async (trx) => {
      await insert(trx, 'meanwhile');
      throw new Error('undo mine only');
    });
    await held;
    await expect(rolledBack).rejects.toThrow('undo mine only');
    expect(committed('held-1')).toEqual({ hits: 1 });
    expect(committed('held-2')).toEqual({ hits: 1 });
    expect(committed('meanwhile')).toBeUndefined();
  });
});
