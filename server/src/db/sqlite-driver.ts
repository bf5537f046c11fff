import { createRequire } from 'node:module';
import type { DatabaseSync } from 'node:sqlite';

export interface SqliteOptions {
  readonly?: boolean;
  /** How long a statement waits for another connection's lock, in ms (SQLite's busy timeout; 5000). */
  timeout?: number;
}

/** Opens the SQLite file `file` (or `:memory:`) with Node's own driver, `node:sqlite`. */
export function openSqlite(file: string, options: SqliteOptions = {}): DatabaseSync {
  const { DatabaseSync } = nodeSqlite();
  return new DatabaseSync(file, { readOnly: options.readonly ?? false, timeout: options.timeout ?? 5000 });
}

// Loaded on first use, not imported: importing it would print Node 22's warning before this module runs.
const require = createRequire(import.meta.url);
let loaded: typeof import('node:sqlite') | undefined;

/**
 * `node:sqlite`. Node 22 prints "ExperimentalWarning: SQLite is an experimental feature…" when it
 * loads (Node 24 no longer does); the server relies only on what both offer, so a server on Node 22
 * drops that one warning, as it is emitted while the module loads, and passes every other on.
 */
function nodeSqlite(): typeof import('node:sqlite') {
  if (loaded) return loaded;
  const emitWarning = process.emitWarning;
  process.emitWarning = function (this: NodeJS.Process, ...args: Parameters<typeof emitWarning>) {
    const [warning, typeOrOptions] = args;
    const type = typeof typeOrOptions === 'string' ? typeOrOptions : typeOrOptions?.type;
    if (type === 'ExperimentalWarning' && String(warning).startsWith('SQLite is an experimental')) return;
    emitWarning.apply(this, args);
  } as typeof emitWarning;
  try {
    loaded = require('node:sqlite') as typeof import('node:sqlite');
  } finally {
    process.emitWarning = emitWarning;
  }
  return loaded;
}
