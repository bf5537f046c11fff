import {
  type CompiledQuery,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type QueryResult,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDialectConfig,
} from 'kysely';
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';

/** A prepared statement, with what the driver needs to know about it before running it. */
interface Statement {
  prepared: StatementSync;
  /** Whether it returns rows (a SELECT, a PRAGMA that answers, or a write with RETURNING). */
  reader: boolean;
  /** Whether it surely writes nothing; false when in doubt. */
  readonly: boolean;
}
type Statements = { prepare(sql: string): Statement };

/**
 * Kysely's SQLite dialect with group commit. Every commit writes each page it changed to the WAL, two
 * system calls a page; a login changed some 30 pages in three commits, and committing was the largest
 * cost of a sign-in after its signature. Here transactions that come together share one commit:
 *
 * - The connection is handed out in turn (first come, first served), as SQLite has only the one.
 * - A Kysely transaction is a savepoint inside the open group; its rollback undoes only its own work.
 * - A transaction is answered only after the group's COMMIT, so no answer reports uncommitted work.
 *   The group commits as soon as nobody is queued for the connection.
 * - A write outside a transaction first commits the open group, then commits on its own at once: it
 *   never waits for a later commit, so a transaction awaiting it cannot wait on itself.
 * - If the COMMIT fails (an I/O error, a full disk, a deferred constraint: the schema has none), every
 *   transaction of the group fails with it.
 *
 * Reads outside a transaction may see work of the open group that is not committed yet; it commits
 * within the same turn of the event loop, or every transaction in it is told of the failure.
 * As with Kysely's own driver, code inside a transaction must not wait for other database work; here
 * that includes another transaction's promise, which resolves only at a COMMIT the first one holds up.
 */
export class GroupCommitSqliteDialect extends SqliteDialect {
  constructor(private readonly sqlite: DatabaseSync) {
    // The base class only compiles queries here (createDriver is ours), so its database is never used.
    super({ database: sqlite as unknown as SqliteDialectConfig['database'] });
  }

  override createDriver(): Driver {
    return new GroupCommitDriver(this.sqlite, withStatementCache(this.sqlite));
  }

  override createAdapter(): DialectAdapter {
    return new TurnTakingAdapter();
  }
}

/**
 * The driver hands the one connection out in turns itself. Told that SQLite has a single connection,
 * Kysely would hold it for a transaction's whole run, its wait for the group's COMMIT included, so no
 * two transactions could ever share a commit.
 */
class TurnTakingAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/**
 * Kysely prepares every query anew; preparing cost about as much as running it (benchmark profile).
 * Statements are reused by their SQL text (bounded: dynamic `in (…)` lists make new texts).
 */
function withStatementCache(sqlite: DatabaseSync): Statements {
  const cache = new Map<string, Statement>();
  return {
    prepare(query: string) {
      let statement = cache.get(query);
      if (!statement) {
        if (cache.size >= 1000) cache.clear();
        const prepared = sqlite.prepare(query);
        statement = {
          prepared,
          reader: prepared.columns().length > 0,
          // node:sqlite does not say whether a statement writes; only a plain SELECT is sure not to.
          readonly: /^\s*select\b/i.test(query),
        };
        cache.set(query, statement);
      }
      return statement;
    },
  };
}

/** A first-in, first-out lock: `release` passes ownership straight to the longest waiter. */
class FifoLock {
  private held = false;
  private readonly waiters: (() => void)[] = [];

  acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.held = false;
  }
}

interface Member {
  resolve(): void;
  reject(error: unknown): void;
}

class GroupCommitDriver implements Driver {
  private readonly lock = new FifoLock();
  /** Writers waiting for the open group's COMMIT. */
  private members: Member[] = [];
  private groupOpen = false;
  private commitScheduled = false;

  constructor(
    private readonly sqlite: DatabaseSync,
    private readonly statements: Statements,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.acquire();
    return new Turn(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    this.openGroup();
    try {
      this.run('SAVEPOINT member');
    } catch (error) {
      this.scheduleCommit();
      throw error;
    }
    (connection as Turn).inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.run('RELEASE member');
    (connection as Turn).inTransaction = false;
    await this.waitForCommit(connection as Turn);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as Turn).inTransaction = false;
    if (!this.sqlite.isTransaction) return this.loseGroup(new Error('the transaction was rolled back'));
    try {
      this.run('ROLLBACK TO member');
      this.run('RELEASE member');
    } catch (error) {
      // Its work cannot be undone alone: undo the whole group rather than commit any of it.
      this.loseGroup(error);
      throw error;
    }
    this.scheduleCommit();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as Turn).end();
  }

  async destroy(): Promise<void> {
    await this.lock.acquire();
    if (this.groupOpen) this.commitGroup();
    this.sqlite.close();
  }

  /** Runs one statement for a turn; a write outside a transaction commits the group, then itself. */
  async execute<R>(turn: Turn, query: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.statements.prepare(query.sql);
    if (!turn.inTransaction && !statement.readonly && this.groupOpen) this.commitGroup();
    try {
      return runStatement<R>(statement, query.parameters);
    } catch (error) {
      if (this.groupOpen && !this.sqlite.isTransaction) this.loseGroup(error);
      throw error;
    }
  }

  /** Hands the connection on and resolves once the group this turn wrote in has committed. */
  private waitForCommit(turn: Turn): Promise<void> {
    const committed = new Promise<void>((resolve, reject) => this.members.push({ resolve, reject }));
    turn.end();
    this.scheduleCommit();
    return committed;
  }

  private openGroup(): void {
    if (this.groupOpen) return;
    // A transaction left over by a failed rollback would make BEGIN fail for good: end it first.
    if (this.sqlite.isTransaction) this.run('ROLLBACK');
    this.run('BEGIN');
    this.groupOpen = true;
  }

  /** Commits once everyone queued for the connection now has had their turn. */
  private scheduleCommit(): void {
    if (this.commitScheduled) return;
    this.commitScheduled = true;
    setImmediate(() => {
      void this.lock.acquire().then(() => {
        this.commitScheduled = false;
        try {
          if (this.groupOpen) this.commitGroup();
        } finally {
          this.lock.release();
        }
      });
    });
  }

  private commitGroup(): void {
    const members = this.members;
    this.members = [];
    this.groupOpen = false;
    try {
      this.run('COMMIT');
    } catch (error) {
      for (const member of members) member.reject(error);
      this.rollBackQuietly();
      return;
    }
    for (const member of members) member.resolve();
  }

  /** Ends the group without committing any of it: its transactions fail with `error`. */
  private loseGroup(error: unknown): void {
    const members = this.members;
    this.members = [];
    this.groupOpen = false;
    this.rollBackQuietly();
    for (const member of members) member.reject(error);
  }

  private rollBackQuietly(): void {
    try {
      if (this.sqlite.isTransaction) this.run('ROLLBACK');
    } catch {
      // openGroup tries again before the next BEGIN.
    }
  }

  private run(sql: string): void {
    this.statements.prepare(sql).prepared.run();
  }

  /** Passes the connection to the next in line. */
  releaseLock(): void {
    this.lock.release();
  }
}

/** One holder's use of the connection, from acquire to release; ends once. */
class Turn implements DatabaseConnection {
  inTransaction = false;
  private ended = false;

  constructor(private readonly driver: GroupCommitDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute<R>(this, query);
  }

  // eslint-disable-next-line require-yield -- the interface asks for it; nothing here streams
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming queries is not supported on SQLite here');
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.driver.releaseLock();
  }
}

function runStatement<R>(statement: Statement, parameters: readonly unknown[]): QueryResult<R> {
  const values = parameters as SQLInputValue[];
  if (statement.reader) return { rows: statement.prepared.all(...values) as R[] };
  const { changes, lastInsertRowid } = statement.prepared.run(...values);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}
