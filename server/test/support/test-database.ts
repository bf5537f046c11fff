import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type Db, migrateToLatest, openDatabase } from '../../src/db/database.js';

/** Where the server suites run: `TEST_DB=postgres` uses the machine's PostgreSQL, anything else SQLite. */
export const testDbKind: 'sqlite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database for one test file: a temporary PostgreSQL database or an in-memory SQLite. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDbKind === 'sqlite') return { url: 'sqlite::memory:', drop: async () => {} };
  const name = `op_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A fresh database that several servers open one after the other or side by side (restarts, instances):
 * a temporary PostgreSQL database, or a SQLite file (an in-memory one lives only in its connection).
 */
export async function createSharedTestDatabase(): Promise<TestDatabase> {
  if (testDbKind === 'postgres') return createTestDatabase();
  const dir = await mkdtemp(join(tmpdir(), 'open-passage-db-'));
  return { url: `sqlite:${join(dir, 'shared.db')}`, drop: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * A fresh, empty database (no migration run) for the tests of the calling `describe`: opened before them,
 * dropped after. Read it through the returned function once the tests run.
 */
export function useEmptyDatabase(): () => Db {
  return useDatabase(async () => {});
}

/**
 * A fresh, migrated database for the tests of the calling `describe`: opened before them, dropped after.
 * Read it through the returned function once the tests run.
 */
export function useMigratedDatabase(): () => Db {
  return useDatabase(migrateToLatest);
}

function useDatabase(prepare: (db: Db) => Promise<unknown>): () => Db {
  let database: TestDatabase | undefined;
  let db: Db | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = openDatabase(database.url).db;
    await prepare(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });
  return () => {
    if (!db) throw new Error('the database opens in beforeAll: read it inside a test or hook');
    return db;
  };
}
