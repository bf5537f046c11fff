// A test harness, not orchestration: get-port finds the port; the rest starts the server and waits.
// The built server (server/dist/main.js) started as `npm start` would, on a free port and a fresh SQLite
// database in a temporary folder: for the browser tests and the benchmarks.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import getPort from 'get-port';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The repository's server settings, as `npm start` gives them (`node --env-file=server.env`). */
const repoServerEnv = parseEnv(readFileSync(join(root, 'server.env'), 'utf8'));

export const freePort = () => getPort();

export async function startServer(env = {}) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'open-passage-server-'));
  const databaseFile = join(dir, 'db.sqlite');
  const child = spawn(process.execPath, [join(root, 'server/dist/main.js')], {
    cwd: root,
    env: {
      ...repoServerEnv,
      ...process.env,
      DATA_DIR: dir,
      PORT: String(port),
      DATABASE_URL: `sqlite:${databaseFile}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 20_000;
  while (!output.includes('open-passage is running')) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start in 20 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://localhost:${port}`,
    databaseFile,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }).then(() => rmSync(dir, { recursive: true, force: true })),
  };
}
