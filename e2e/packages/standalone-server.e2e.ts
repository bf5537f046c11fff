import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../../scripts/start-server.mjs';
import { cleanEnv, listing, npmInstall, packed, preparedFolder, run } from './support';

// Each test runs real tools (tsc, vite, npm, a server) in a fresh folder: minutes on a busy 2-core machine.
test.describe.configure({ timeout: 180_000 });

// `npx open-passage-server` in an empty folder, installed from the packed tarball as a new user would.

/** Every setting the server documents; none may leak in from this process's environment. */
const SETTINGS = [
  'PORT',
  'HOST',
  'PUBLIC_URL',
  'DATA_DIR',
  'DATABASE_URL',
  'APPS_FILE',
  'STATIC_DIR',
  'SMTP_URL',
  'MAIL_FROM',
  'CONTACT_TO',
  'ADMIN_API_KEY',
  'NODE_ENV',
  'LOG_LEVEL',
  'TRUST_PROXY',
  'RATE_LIMIT_FACTOR',
  'CSP_CONNECT_SRC',
  'SMS_PROVIDER',
];

let folder = '';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function serverEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = cleanEnv();
  for (const name of SETTINGS) delete env[name];
  return { ...env, ...extra };
}

test.beforeAll(async () => {
  // Two tarballs (the server and the open-passage it imports the contract from) and their dependencies:
  // seconds from a warm npm cache, minutes from the registry on a busy machine.
  test.setTimeout(480_000);
  folder = await preparedFolder('server', async (dir) => {
    const tarballs = packed();
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({
        name: 'standalone-server',
        private: true,
        dependencies: { 'open-passage-server': `file:${tarballs['open-passage-server'].tarball}` },
        // The server imports the wire contract (open-passage/contract); open-passage is not on the
        // registry yet: its dependency is served from the packed tarball.
        overrides: { 'open-passage': `file:${tarballs['open-passage'].tarball}` },
      }),
    );
    // npm's output, kept outside node_modules for the test of what the install did.
    writeFileSync(join(dir, 'install.log'), await npmInstall(dir, 460_000));
    // What npm installed, to compare with after the server ran (kept outside node_modules).
    writeFileSync(join(dir, 'installed.json'), JSON.stringify(listing(join(dir, 'node_modules'))));
  });
});

test('installs without an engine warning and with nothing to compile', () => {
  const log = readFileSync(join(folder, 'install.log'), 'utf8');
  expect(log, 'a dependency does not accept this Node version').not.toContain('EBADENGINE');
  // npm's record of the install: a package with an install script would build something (a native addon).
  const lock = JSON.parse(readFileSync(join(folder, 'node_modules', '.package-lock.json'), 'utf8')) as {
    packages: Record<string, { hasInstallScript?: boolean }>;
  };
  const scripted = Object.keys(lock.packages).filter((path) => lock.packages[path]!.hasInstallScript);
  expect(scripted, 'these packages run a script when installed').toEqual([]);
});

test('npx open-passage-server --help exits 0 and lists every setting', async () => {
  const { code, output } = await run('npx', ['open-passage-server', '--help'], folder, 20_000);
  expect(code, `npx open-passage-server --help did not exit 0 (did it start the server?):\n${output}`).toBe(
    0,
  );
  const missing = SETTINGS.filter((name) => !new RegExp(`\\b${name}\\b`).test(output));
  expect(missing, `--help does not mention ${missing.join(', ')}:\n${output}`).toEqual([]);
});

test('npx open-passage-server starts in an empty folder, answers /v1/health, keeps its data in ./data', async () => {
  const before = JSON.parse(readFileSync(join(folder, 'installed.json'), 'utf8')) as string[];
  const port = await freePort();
  // Its own process group, so SIGTERM reaches the server and not only npx (the group id is npx's pid).
  const child: ChildProcess = spawn('npx', ['open-passage-server'], {
    cwd: folder,
    env: serverEnv({ PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let status: number | string = 'not listening';
  try {
    const deadline = Date.now() + 30_000;
    while (status !== 200 && child.exitCode === null && Date.now() < deadline) {
      status = await fetch(`http://127.0.0.1:${port}/v1/health`).then(
        (response) => response.status,
        () => 'not listening',
      );
      if (status !== 200) await sleep(200);
    }
  } finally {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
  }
  // npx itself may end by the signal; what counts is that the server stops listening.
  const stopped = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
  expect(
    status,
    status !== 200 && child.exitCode !== null
      ? `npx open-passage-server exited in an empty folder before answering /v1/health:\n${output}`
      : `GET /v1/health of npx open-passage-server answered ${status}, not 200, within 30 s:\n${output}`,
  ).toBe(200);
  expect(stopped, `npx open-passage-server did not exit within 10 s of SIGTERM:\n${output}`).toBe(true);
  let listening = true;
  for (let i = 0; listening && i < 50; i++) {
    listening = await fetch(`http://127.0.0.1:${port}/v1/health`).then(
      () => true,
      () => false,
    );
    if (listening) await sleep(200);
  }
  expect(listening, `the server still answers 10 s after SIGTERM:\n${output}`).toBe(false);

  expect(existsSync(join(folder, 'data')), `no ./data in the folder the server ran in:\n${output}`).toBe(
    true,
  );
  const after = listing(join(folder, 'node_modules'));
  const added = after.filter((path) => !before.includes(path));
  expect(added, `the server wrote inside node_modules:\n${added.join('\n')}\n${output}`).toEqual([]);
  expect(output, 'the banner advertises /passage, which a server without a site does not serve').not.toMatch(
    /https?:\/\/\S+?\/passage(?![\w-])/,
  );
  test.info().annotations.push({ type: 'first run', description: output.trim() });
});
