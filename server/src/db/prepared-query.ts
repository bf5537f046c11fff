import type { Compilable, CompiledQuery, DialectAdapter, Insertable, QueryResult } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';

/** Stand-ins for the arguments while the query is compiled; no real value starts with U+0000. */
const PLACEHOLDER = '\u0000prepared-argument-';
const placeholder = (index: number) => `${PLACEHOLDER}${index}`;

/**
 * A query on a hot path, built with Kysely's typed builder once and compiled once; each call only fills
 * in its arguments. Under load, building and compiling a query cost the server about three times what
 * SQLite spends running it (benchmark profile of identifier lookups).
 *
 * `build` receives placeholders for its arguments and must use each only as a value (a parameter of the
 * SQL), never to choose a column or a table, and must take every value from its arguments: a literal or
 * a clock read inside `build` would be frozen at compile time, so any parameter that is not an argument
 * is refused up front. An argument is a single value, never undefined (Kysely would leave such a column
 * out; here it is compiled in) and never a list. `x is <argument>` is refused too: PostgreSQL accepts
 * `is null` but not `is $1` (write `sql.lit(null)`). The compiled text suits the database it was
 * compiled for and all its transactions, and only those.
 */
export class PreparedQuery<Args extends readonly unknown[], Row> {
  private readonly compiled: CompiledQuery<Row>;
  /** For each SQL parameter, the index of the argument it takes. */
  private readonly slots: number[];
  /** The SQL dialect the text was compiled for (shared by a database and its transactions). */
  private readonly adapter: DialectAdapter;

  /** `arity`: how many arguments `build` takes after the database (its declared parameters by default). */
  constructor(db: Db, build: (db: Db, ...args: Args) => Compilable<Row>, arity = build.length - 1) {
    const placeholders = Array.from({ length: arity }, (_, i) => placeholder(i));
    this.adapter = db.getExecutor().adapter;
    this.compiled = build(db, ...(placeholders as unknown as Args)).compile();
    if (this.compiled.sql.includes(PLACEHOLDER)) {
      throw new Error(`an argument names something in ${this.compiled.sql}: arguments are values only`);
    }
    if (/\bis(\s+not)?\s+(\?|\$\d+)/i.test(this.compiled.sql)) {
      throw new Error(`"is <argument>" does not run on PostgreSQL: ${this.compiled.sql}`);
    }
    this.slots = this.compiled.parameters.map((value) => placeholders.indexOf(value as string));
    if (this.slots.includes(-1)) {
      throw new Error(`a prepared query takes every value from its arguments: ${this.compiled.sql}`);
    }
    const unused = placeholders.findIndex((_, i) => !this.slots.includes(i));
    if (unused !== -1) throw new Error(`argument ${unused} is not a value of ${this.compiled.sql}`);
  }

  /** Runs the query with these arguments on `db` (the database or one of its transactions). */
  execute(db: Db, ...args: Args): Promise<QueryResult<Row>> {
    if (db.getExecutor().adapter !== this.adapter) {
      throw new Error('a prepared query runs only on the database it was compiled for');
    }
    const bad = args.findIndex((arg) => arg === undefined || Array.isArray(arg));
    if (bad !== -1) throw new Error(`argument ${bad} of a prepared query is undefined or a list`);
    return db.executeQuery({ ...this.compiled, parameters: this.slots.map((slot) => args[slot]) });
  }

  /** The rows the query returns. */
  async rows(db: Db, ...args: Args): Promise<Row[]> {
    return (await this.execute(db, ...args)).rows;
  }

  /** The first row, or undefined. */
  async first(db: Db, ...args: Args): Promise<Row | undefined> {
    return (await this.execute(db, ...args)).rows[0];
  }

  /** How many rows an insert, update or delete changed. */
  async changes(db: Db, ...args: Args): Promise<number> {
    return Number((await this.execute(db, ...args)).numAffectedRows ?? 0n);
  }
}

/**
 * Inserts of single rows into `table`, each shape of row (its set of columns) compiled once, on first use.
 */
export class PreparedInsert<Table extends keyof Database> {
  private readonly byColumns = new Map<string, PreparedQuery<unknown[], unknown>>();

  constructor(
    private readonly db: Db,
    private readonly table: Table,
  ) {}

  /** Inserts `row` on `db` (the database or one of its transactions). */
  async run(db: Db, row: Insertable<Database[Table]>): Promise<void> {
    const given = Object.entries(row).filter(([, value]) => value !== undefined);
    await this.forColumns(given.map(([column]) => column)).execute(db, ...given.map(([, value]) => value));
  }

  private forColumns(columns: string[]): PreparedQuery<unknown[], unknown> {
    const shape = columns.join();
    let query = this.byColumns.get(shape);
    if (!query) {
      const table = this.table;
      query = new PreparedQuery(
        this.db,
        (q, ...values: unknown[]) =>
          q
            .insertInto(table)
            .values(Object.fromEntries(columns.map((column, i) => [column, values[i]])) as never),
        columns.length,
      );
      this.byColumns.set(shape, query);
    }
    return query;
  }
}
