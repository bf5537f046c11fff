import type { ChildProcess } from 'node:child_process';

export interface StartedServer {
  /** `http://localhost:<port>`, no trailing slash. */
  url: string;
  /** The SQLite file of its database (unless `DATABASE_URL` was given). */
  databaseFile: string;
  process: ChildProcess;
  /** Stops the server (SIGTERM, waiting for it to exit) and removes its folder. */
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
export declare function freePort(): Promise<number>;

/**
 * Runs the built server (`server/dist/main.js`) as `npm start` would, on a free port and a fresh database,
 * with `env` on top of this process's environment; resolves once it says it is running.
 */
export declare function startServer(env?: Record<string, string>): Promise<StartedServer>;
