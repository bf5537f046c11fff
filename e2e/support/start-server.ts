import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

export interface StartedServer {
  url: string;
  /** The SQLite file of its database (unless `DATABASE_URL` was given). */
  databaseFile: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Runs the built server (`server/dist/main.js`) as `npm start` would, on a free port and a fresh database. */
export async function startServer(env: Record<string, string> = {}): Promise<StartedServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'open-passage-e2e-'));
  const databaseFile = join(dir, 'db.sqlite');
  const child = spawn(process.execPath, [join(root, 'server/dist/main.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATABASE_URL: `sqlite:${databaseFile}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 20_000;
  while (!output.includes('open-passage is running')) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start in 20 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    databaseFile,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }).then(() => rmSync(dir, { recursive: true, force: true })),
  };
}
