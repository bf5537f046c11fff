import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { PreparedInsert, PreparedQuery } from '../../src/db/prepared-query.js';
import { useMigratedDatabase } from '../support/test-database.js';

describe('PreparedQuery: compiled once, run with each call’s arguments', () => {
  const database = useMigratedDatabase();

  const hitsOf = (key: string, db = database()) =>
    new PreparedQuery(db, (q, k: string) => q.selectFrom('rate_limits').select('hits').where('key', '=', k))
      .first(db, key)
      .then((row) => (row ? Number(row.hits) : undefined));

  it('runs inserts, updates and selects with fresh arguments each time, an argument used twice included', async () => {
    const db = database();
    const insert = new PreparedQuery(db, (q, key: string, at: string, hits: number) =>
      q.insertInto('rate_limits').values({ key, window_start: at, hits }),
    );
    const at = new Date().toISOString();
    expect(await insert.changes(db, 'prepared-a', at, 1)).toBe(1);
    expect(await insert.changes(db, 'prepared-b', at, 7)).toBe(1);

    const bump = new PreparedQuery(db, (q, key: string, by: number) =>
      q
        .updateTable('rate_limits')
        .set({ hits: sql<number>`hits + ${by} + ${by}` })
        .where('key', '=', key),
    );
    expect(await bump.changes(db, 'prepared-a', 2)).toBe(1);
    expect(await bump.changes(db, 'nobody', 2)).toBe(0);
    expect(await hitsOf('prepared-a')).toBe(5);
    expect(await hitsOf('prepared-b')).toBe(7);
    expect(await hitsOf('nobody')).toBeUndefined();
  });

  it('runs inside a transaction of the same database, and a rollback undoes it', async () => {
    const db = database();
    const insert = new PreparedQuery(db, (q, key: string, at: string) =>
      q.insertInto('rate_limits').values({ key, window_start: at, hits: sql<number>`1` }),
    );
    await db
      .transaction()
      .execute(async (trx) => {
        await insert.changes(trx, 'prepared-rolled-back', new Date().toISOString());
        expect(
          await trx
            .selectFrom('rate_limits')
            .select('key')
            .where('key', '=', 'prepared-rolled-back')
            .execute(),
        ).toHaveLength(1);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await hitsOf('prepared-rolled-back')).toBeUndefined();
  });

  it('refuses a value that is not an argument: it would be frozen at compile time', () => {
    const db = database();
    expect(
      () =>
        new PreparedQuery(db, (q, key: string) =>
          q.selectFrom('rate_limits').select('hits').where('key', '=', key).where('hits', '>', 0),
        ),
    ).toThrow(/takes every value from its arguments/);
  });

  it('refuses an argument used other than as a value (to name a column, say)', () => {
    const db = database();
    expect(
      () =>
        new PreparedQuery(db, (q, column: string, key: string) =>
          q
            .selectFrom('rate_limits')
            .select('hits')
            .where('key', '=', key)
            .where(sql.ref(column), 'is not', null),
        ),
    ).toThrow(/an argument names something/);
  });

  it('refuses an argument that is never used, "is <argument>", and undefined or list arguments', async () => {
    const db = database();
    expect(
      () =>
        new PreparedQuery(db, (q, key: string, _unused: string) =>
          q.selectFrom('rate_limits').select('hits').where('key', '=', key),
        ),
    ).toThrow(/argument 1 is not a value/);
    expect(
      () =>
        new PreparedQuery(db, (q, at: string | null) =>
          q.selectFrom('refresh_families').select('id').where('revoked_at', 'is', at),
        ),
    ).toThrow(/does not run on PostgreSQL/);
    const byKey = new PreparedQuery(db, (q, key: string) =>
      q.selectFrom('rate_limits').select('hits').where('key', '=', key),
    );
    await expect(byKey.first(db, undefined as unknown as string)).rejects.toThrow(/undefined or a list/);
    await expect(byKey.first(db, ['a', 'b'] as unknown as string)).rejects.toThrow(/undefined or a list/);
  });

  it('runs only on the database it was compiled for', async () => {
    const other = openDatabase('sqlite::memory:').db;
    try {
      const query = new PreparedQuery(database(), (q, key: string) =>
        q.selectFrom('rate_limits').select('hits').where('key', '=', key),
      );
      await expect(query.first(other, 'any')).rejects.toThrow(/only on the database it was compiled for/);
    } finally {
      await other.destroy();
    }
  });

  it('PreparedInsert compiles each shape of row once and leaves an undefined column out', async () => {
    const db = database();
    const insert = new PreparedInsert(db, 'refresh_families');
    const family = (id: string, revoked_at: string | undefined) => ({
      id,
      app_id: 'app',
      user_id: 'user',
      method: 'otp',
      authenticated_at: '2026-01-01T00:00:00.000Z',
      expires_at: '2026-02-01T00:00:00.000Z',
      revoked_at,
    });
    await insert.run(db, family('family-a', '2026-01-02T00:00:00.000Z'));
    await insert.run(db, family('family-b', undefined));
    await insert.run(db, { ...family('family-c', '2026-01-03T00:00:00.000Z'), method: 'passkey' });
    const rows = await db
      .selectFrom('refresh_families')
      .select(['id', 'method', 'revoked_at'])
      .where('id', 'like', 'family-%')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'family-a', method: 'otp', revoked_at: '2026-01-02T00:00:00.000Z' },
      { id: 'family-b', method: 'otp', revoked_at: null },
      { id: 'family-c', method: 'passkey', revoked_at: '2026-01-03T00:00:00.000Z' },
    ]);
  });
});
