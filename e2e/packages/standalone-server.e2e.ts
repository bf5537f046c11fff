import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { lookup } from 'node:dns/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../../test-support/start-server.mjs';
import { startSmtpSink } from '../../server/test/support/smtp-sink';
import { serverFolder } from './packed-server';
import { cleanEnv, listing, run } from './support';

// Each test runs real tools (tsc, vite, npm, a server) in a fresh folder: minutes on a busy 2-core machine.
test.describe.configure({ timeout: 180_000 });

// `npx open-passage-server` in an empty folder, installed from the packed tarball as a new user would.

/** Every setting the server documents; none may leak in from this process's environment. */
const SETTINGS = [
  'PORT',
  'HOST',
  'PUBLIC_URL',
  'DEV_MODE',
  'AUTH_ORIGIN',
  'DATA_DIR',
  'DATABASE_URL',
  'APPS_FILE',
  'STATIC_DIR',
  'ELEMENTS_WWW_DIR',
  'DEBUG_PANEL_FILE',
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
  folder = await serverFolder();
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

/** `npx open-passage-server` running in a folder, as a user started it. */
interface NpxServer {
  port: number;
  /** Everything it printed so far. */
  output(): string;
  exited: Promise<number | null>;
  /** Waits until `GET path` answers 200 and the banner is out, it exits, or 30 s pass; returns the last status. */
  answering(path?: string): Promise<number | string>;
  /** SIGTERM to it and npx; resolves whether it exited within 10 s. */
  stop(): Promise<boolean>;
}

/** Starts `npx open-passage-server` in `cwd` (the installed folder or one below it) with only `settings`. */
async function startNpx(cwd: string, settings: Record<string, string> = {}): Promise<NpxServer> {
  const port = await freePort();
  // Its own process group, so SIGTERM reaches the server and not only npx (the group id is npx's pid).
  const child: ChildProcess = spawn('npx', ['open-passage-server'], {
    cwd,
    env: serverEnv({ PORT: String(port), ...settings }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    port,
    output: () => output,
    exited,
    async answering(path = '/v1/health') {
      let status: number | string = 'not listening';
      const deadline = Date.now() + 30_000;
      // The banner follows the first answers by a moment: wait for both.
      const started = () => status === 200 && output.includes('open-passage is running');
      while (!started() && child.exitCode === null && Date.now() < deadline) {
        status = await fetch(`http://127.0.0.1:${port}${path}`).then(
          (response) => response.status,
          () => 'not listening',
        );
        if (!started()) await sleep(200);
      }
      return status;
    },
    async stop() {
      if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
      // npx itself may end by the signal; what counts is that the server stops listening.
      return Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
    },
  };
}

/** A new empty folder below the installed one: npx finds the package, the server starts with nothing there. */
function emptyFolder(name: string): string {
  const dir = join(folder, 'runs', `${name}-${Date.now().toString(36)}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

test('npx open-passage-server starts in an empty folder, answers /v1/health, keeps its data in ./data', async () => {
  const before = JSON.parse(readFileSync(join(folder, 'installed.json'), 'utf8')) as string[];
  const server = await startNpx(folder);
  // answering() never throws: the server is always stopped.
  const status = await server.answering();
  const stopped = await server.stop();
  const output = server.output();
  expect(
    status,
    typeof status !== 'number'
      ? `npx open-passage-server exited or did not listen in an empty folder:\n${output}`
      : `GET /v1/health of npx open-passage-server answered ${status}, not 200, within 30 s:\n${output}`,
  ).toBe(200);
  expect(stopped, `npx open-passage-server did not exit within 10 s of SIGTERM:\n${output}`).toBe(true);
  let listening = true;
  for (let i = 0; listening && i < 50; i++) {
    listening = await fetch(`http://127.0.0.1:${server.port}/v1/health`).then(
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

/** GET with headers fetch may not set (Host): status and body. */
function get(port: number, path: string, headers: Record<string, string>, host = '127.0.0.1') {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host, port, path, headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('with nothing set: development mode, on localhost only, its outbox answering this machine only', async ({
  page,
}) => {
  const server = await startNpx(emptyFolder('dev'));
  try {
    expect(await server.answering(), server.output()).toBe(200);
    const output = server.output();
    expect(output).toContain('DEVELOPMENT MODE: do not expose this server to a network.');
    expect(output).toContain(`dev outbox:    http://localhost:${server.port}/dev/outbox`);
    expect(output).toContain('Listening on localhost only');
    // It listens on what localhost resolves to here (127.0.0.1, and ::1 where the hosts file says so),
    // which is where curl and Chromium look for http://localhost:<port>.
    const addresses = await lookup('localhost', { all: true });
    for (const { address } of addresses) {
      expect((await get(server.port, '/v1/health', {}, address)).status, address).toBe(200);
    }
    const curl = await run(
      'curl',
      ['-s', '-o', '/dev/null', '-w', '%{http_code}', `http://localhost:${server.port}/dev/outbox`],
      folder,
      10_000,
    );
    expect(curl.output, 'curl http://localhost:<port>/dev/outbox').toBe('200');
    const opened = await page.goto(`http://localhost:${server.port}/dev/outbox`);
    expect(opened?.status(), 'Chromium at http://localhost:<port>/dev/outbox').toBe(200);
    const local = { host: `localhost:${server.port}` };
    const answer = await get(server.port, '/dev/outbox', local);
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toEqual([]);
    for (const [label, headers] of [
      ['a foreign Host (DNS rebinding)', { host: `rebind.attacker.example:${server.port}` }],
      ['X-Forwarded-For', { ...local, 'x-forwarded-for': '203.0.113.5' }],
      ['Forwarded', { ...local, forwarded: 'for=203.0.113.5' }],
      ['a foreign Origin', { ...local, origin: 'https://attacker.example' }],
    ] as const) {
      const refused = await get(server.port, '/dev/outbox', headers);
      expect(refused.status, label).toBe(403);
      expect(JSON.parse(refused.body), label).toMatchObject({
        code: 'operation_not_allowed',
        error: expect.stringMatching(
          /^The development pages answer only requests made on this machine, and /,
        ),
      });
    }
  } finally {
    await server.stop();
  }
});

test('with PUBLIC_URL naming a host and no SMTP_URL: refuses to start, names SMTP_URL, writes nothing', async () => {
  const cwd = emptyFolder('public-url');
  const server = await startNpx(cwd, { PUBLIC_URL: 'https://id.example.com' });
  const code = await Promise.race([server.exited, sleep(30_000).then(() => 'still running')]);
  await server.stop();
  const output = server.output();
  expect(code, output).toBe(1);
  expect(output).toContain(
    'open-passage-server: SMTP_URL is not set, so the server cannot send the one-time',
  );
  expect(output).toContain('is off: PUBLIC_URL https://id.example.com is not a loopback URL.');
  expect(readdirSync(cwd), 'files written by a server that refused to start').toEqual([]);
});

test('with PUBLIC_URL naming a host and SMTP_URL: starts, mails the codes, and no /dev/ path answers', async () => {
  const mail = await startSmtpSink();
  const cwd = emptyFolder('production');
  const server = await startNpx(cwd, { PUBLIC_URL: 'https://id.example.com', SMTP_URL: mail.url });
  try {
    expect(await server.answering(), server.output()).toBe(200);
    expect(server.output()).not.toContain('/dev/');
    expect(server.output()).not.toContain('DEVELOPMENT');
    const local = { host: `localhost:${server.port}` };
    for (const path of [
      '/dev/outbox',
      '/dev/views',
      '/dev/build/open-passage.esm.js',
      '/dev/debug-panel.js',
    ]) {
      expect((await get(server.port, path, local)).status, path).toBe(404);
    }
    // A one-time code goes out by mail, not to an outbox.
    const { apps } = JSON.parse(readFileSync(join(cwd, 'passage-apps.json'), 'utf8')) as {
      apps: { id: string }[];
    };
    const app = `http://127.0.0.1:${server.port}/v1/apps/${apps[0]!.id}`;
    const post = (path: string, body: unknown) =>
      fetch(`${app}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('/users', { identifier: 'new.user@example.com' })).status).toBe(201);
    expect((await post('/register/otp', { identifier: 'new.user@example.com', language: 'en' })).status).toBe(
      201,
    );
    const [received] = await mail.waitFor(1, 15_000);
    expect(received!.recipients).toEqual(['new.user@example.com']);
  } finally {
    await server.stop();
    await mail.stop();
  }
});
