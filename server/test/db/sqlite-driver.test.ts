import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const main = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const driver = new URL('../../dist/db/sqlite-driver.js', import.meta.url).href;

/** Runs `node <args>` in `cwd` with only the given settings; resolves with its output once it exits. */
function node(args: string[], cwd: string, env: Record<string, string>, stopWhen?: RegExp) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: cwd, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (stopWhen?.test(stdout)) child.kill('SIGTERM');
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

// The built server, run by the Node that runs the tests: CI runs this suite on Node 24 (npm test) and on
// the oldest supported Node 22 (scripts/test-on-node.sh), where loading node:sqlite prints a warning.
describe.skipIf(!existsSync(main))('node:sqlite, as the built server loads it', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'op-sqlite-driver-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts the server without an experimental warning', async () => {
    const { stdout, stderr } = await node(
      [main],
      dir,
      { PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'warn' },
      /open-passage is running/,
    );
    expect(stdout, stderr).toMatch(/database: +sqlite/);
    expect(stderr).not.toMatch(/ExperimentalWarning|experimental feature/);
  });

  it('drops only SQLite’s experimental warning: another warning still shows', async () => {
    const script = [
      `const { openSqlite } = await import(${JSON.stringify(driver)});`,
      `openSqlite(':memory:').close();`,
      `process.emitWarning('a warning of its own', 'ExperimentalWarning');`,
    ].join('\n');
    const { code, stderr } = await node(['--input-type=module', '-e', script], dir, {});
    expect(code, stderr).toBe(0);
    expect(stderr).toContain('ExperimentalWarning: a warning of its own');
    expect(stderr).not.toContain('SQLite');
  });
});
