import type SqliteDatabase from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteDialect,
} from 'kysely';

type Statements = { prepare(sql: string): SqliteDatabase.Statement };

/**
 * Kysely's SQLite dialect with group commit. Every commit writes each page it changed to the WAL, two
 * system calls a page; a login changed some 30 pages in three commits, and committing was the largest
 * cost of a sign-in after its signature. Here writes that come together share one commit:
 *
 * - The connection is handed out in turn (first come, first served), as SQLite has only the one.
 * - A Kysely transaction is a savepoint inside the open group; its rollback undoes only its own work.
 * - A write outside a transaction joins the group as well.
 * - Whoever wrote waits for the group's COMMIT before its call returns, so an answer never reports work
 *   that is not committed. The group commits as soon as nobody is queued for the connection.
 * - If the COMMIT fails, every member's call fails with it. Only a deferred constraint (the schema has
 *   none) or an I/O error can fail a COMMIT, so one member's mistake does not sink the others.
 *
 * Reads outside a transaction may see work of the open group that is not committed yet; it commits
 * within the same turn of the event loop, or every writer in it is told of the failure.
 */
export class GroupCommitSqliteDialect extends SqliteDialect {
  constructor(
    private readonly sqlite: SqliteDatabase.Database,
    private readonly statements: Statements,
  ) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    return new GroupCommitDriver(this.sqlite, this.statements);
  }
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
    private readonly sqlite: SqliteDatabase.Database,
    private readonly statements: Statements,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.acquire();
    return new Turn(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    this.openGroup();
    this.run('SAVEPOINT member');
    (connection as Turn).inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.run('RELEASE member');
    (connection as Turn).inTransaction = false;
    await this.waitForCommit(connection as Turn);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    (connection as Turn).inTransaction = false;
    if (!this.sqlite.inTransaction) return this.groupLost(new Error('the transaction was rolled back'));
    this.run('ROLLBACK TO member');
    this.run('RELEASE member');
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as Turn).end();
  }

  async destroy(): Promise<void> {
    await this.lock.acquire();
    if (this.groupOpen) this.commitGroup();
    this.sqlite.close();
  }

  /** Runs one statement for a turn; a write outside a transaction joins the group and waits for it. */
  async execute<R>(turn: Turn, query: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.statements.prepare(query.sql);
    const joins = !turn.inTransaction && !statement.readonly;
    if (joins) this.openGroup();
    let result: QueryResult<R>;
    try {
      result = runStatement<R>(statement, query.parameters);
    } catch (error) {
      if (this.groupOpen && !this.sqlite.inTransaction) this.groupLost(error);
      // A failed write may have opened the group: it must still close (it holds SQLite's write lock).
      else if (joins) this.scheduleCommit();
      throw error;
    }
    if (joins) await this.waitForCommit(turn);
    return result;
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
      try {
        if (this.sqlite.inTransaction) this.run('ROLLBACK');
      } catch {
        // Nothing more to undo: SQLite has ended the transaction itself.
      }
      return;
    }
    for (const member of members) member.resolve();
  }

  /** SQLite rolled the whole group back on its own (an I/O error, a full disk): its writers fail. */
  private groupLost(error: unknown): void {
    const members = this.members;
    this.members = [];
    this.groupOpen = false;
    for (const member of members) member.reject(error);
  }

  private run(sql: string): void {
    this.statements.prepare(sql).run();
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

function runStatement<R>(
  statement: SqliteDatabase.Statement,
  parameters: readonly unknown[],
): QueryResult<R> {
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}
