import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';
import { openSqlite } from './sqlite-driver.js';
import { GroupCommitSqliteDialect } from './sqlite-group-commit.js';

export type Db = Kysely<Database>;
export type DbKind = 'sqlite' | 'postgres';

export interface OpenedDatabase {
  db: Db;
  kind: DbKind;
  /** PostgreSQL's connection pool (its use is a metric); null on SQLite. */
  pool: pg.Pool | null;
}

/** Opens `sqlite:<path>` (WAL, embedded) or `postgres://…` (shared by several instances). */
export function openDatabase(url: string): OpenedDatabase {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle connection closed by the server (restart, failover) must not crash the process: the pool reconnects.
    pool.on('error', () => {});
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: 'postgres', pool };
  }
  if (!url.startsWith('sqlite:')) {
    throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got "${url.split(':')[0]}:…"`);
  }
  const file = url.slice('sqlite:'.length);
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  const sqlite = openSqlite(file, { timeout: 5000 });
  sqlite.exec('PRAGMA journal_mode = WAL');
  // WAL + NORMAL: no corruption on crash, and commits stop waiting for an fsync each (about 20x faster).
  sqlite.exec('PRAGMA synchronous = NORMAL');
  sqlite.exec('PRAGMA foreign_keys = ON');
  // Savepoint journals stay in memory: each transaction of a group commit is a savepoint, and one that
  // journals more than 64 KiB (16 pages) spilled to a new temporary file in /var/tmp, about a fifth of
  // the file system calls under sign-in load, and a dependency on a writable temporary directory.
  sqlite.exec('PRAGMA temp_store = MEMORY');
  return {
    db: new Kysely<Database>({ dialect: new GroupCommitSqliteDialect(sqlite) }),
    kind: 'sqlite',
    pool: null,
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Each feature owns a number range; a database migrated before a lower range landed must still start.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
