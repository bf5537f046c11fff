import { createRequire } from 'node:module';

/** The little of a SQLite connection the server uses, met by better-sqlite3 and by `node:sqlite`. */
export interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
  /** Runs one or more statements that return nothing. */
  exec(sql: string): void;
  /** Whether a transaction is open (BEGIN without COMMIT or ROLLBACK yet). */
  readonly inTransaction: boolean;
  close(): void;
}

export interface SqliteStatement {
  /** Whether it returns rows (a SELECT, a PRAGMA that answers, or a write with RETURNING). */
  readonly reader: boolean;
  /** Whether it surely writes nothing; false when in doubt. */
  readonly readonly: boolean;
  all(parameters?: readonly unknown[]): unknown[];
  run(parameters?: readonly unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
}

export interface SqliteOptions {
  readonly?: boolean;
  /** How long a statement waits for another connection's lock, in milliseconds (SQLite's busy timeout). */
  timeout?: number;
}

export type SqliteDriverName = 'node:sqlite' | 'better-sqlite3';

/**
 * Node 24 (from 24.19) aborts the process when it frees a better-sqlite3 12 statement at exit or after
 * an idle-time garbage collection, and better-sqlite3 13, the line that fixed it, crashes on Node 20.
 * Node 24 brings its own SQLite (`node:sqlite`, without an experimental warning), so it uses that;
 * Node 20 has none, and Node 22's still warns that it is experimental, so those two keep better-sqlite3.
 */
export const sqliteDriver: SqliteDriverName =
  Number(process.versions.node.split('.')[0]) >= 24 ? 'node:sqlite' : 'better-sqlite3';

// Loaded on demand: merely loading better-sqlite3's addon on Node 24 is enough for the abort at exit.
const require = createRequire(import.meta.url);

/** Opens the SQLite file `file` (or `:memory:`) with the driver this Node version uses. */
export function openSqlite(file: string, options: SqliteOptions = {}): SqliteConnection {
  return sqliteDriver === 'node:sqlite' ? openNodeSqlite(file, options) : openBetterSqlite(file, options);
}

function openBetterSqlite(file: string, options: SqliteOptions): SqliteConnection {
  const Database = require('better-sqlite3') as typeof import('better-sqlite3');
  const db = new Database(file, {
    readonly: options.readonly ?? false,
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
  });
  return {
    prepare: (sql) => {
      const statement = db.prepare(sql);
      return {
        reader: statement.reader,
        readonly: statement.readonly,
        all: (parameters = []) => statement.all(parameters),
        run: (parameters = []) => statement.run(parameters),
      };
    },
    exec: (sql) => void db.exec(sql),
    get inTransaction() {
      return db.inTransaction;
    },
    close: () => void db.close(),
  };
}

function openNodeSqlite(file: string, options: SqliteOptions): SqliteConnection {
  const { DatabaseSync } = require('node:sqlite') as NodeSqlite;
  const db = new DatabaseSync(file, {
    readOnly: options.readonly ?? false,
    // better-sqlite3's default busy timeout, so both drivers wait alike.
    timeout: options.timeout ?? 5000,
  });
  return {
    prepare: (sql) => {
      const statement = db.prepare(sql);
      return {
        reader: statement.columns().length > 0,
        // node:sqlite does not say whether a statement writes; only a plain SELECT is sure not to.
        readonly: /^\s*select\b/i.test(sql),
        all: (parameters = []) => statement.all(...(parameters as SqlValue[])),
        run: (parameters = []) => statement.run(...(parameters as SqlValue[])),
      };
    },
    exec: (sql) => db.exec(sql),
    get inTransaction() {
      return db.isTransaction;
    },
    close: () => db.close(),
  };
}

/** The part of `node:sqlite` used here (the project's Node types are Node 20's, which has none). */
type SqlValue = null | number | bigint | string | Uint8Array;
interface NodeSqlite {
  DatabaseSync: new (
    file: string,
    options: { readOnly: boolean; timeout: number },
  ) => {
    prepare(sql: string): {
      columns(): unknown[];
      all(...parameters: SqlValue[]): unknown[];
      run(...parameters: SqlValue[]): { changes: number | bigint; lastInsertRowid: number | bigint };
    };
    exec(sql: string): void;
    readonly isTransaction: boolean;
    close(): void;
  };
}
