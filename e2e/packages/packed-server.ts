// The packed open-passage-server, installed once per packing in a fresh folder and started as a user
// would (`npx open-passage-server`), for the framework apps to sign in against.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { freePort } from '../../test-support/start-server.mjs';
import { codeIn } from '../auth/support';
import { cleanEnv, listing, npmInstall, packed, preparedFolder } from './support';

/** `npm install` in `dir`, noting how long it took there (see `installTimes`); npm's output. */
export async function timedInstall(dir: string, timeout: number): Promise<string> {
  const started = Date.now();
  const output = await npmInstall(dir, timeout);
  writeFileSync(join(dir, 'install-seconds'), ((Date.now() - started) / 1000).toFixed(1));
  return output;
}

/** How long each folder's install took (once per packing: later runs reuse the folders), for the report. */
export function installTimes(folders: Record<string, string>): string {
  return Object.entries(folders)
    .map(([name, dir]) => {
      const file = join(dir, 'install-seconds');
      return `${name} ${existsSync(file) ? `${readFileSync(file, 'utf8')} s` : 'not timed'}`;
    })
    .join(', ');
}

/** The folder with the packed server installed (npm's output in install.log, its listing in installed.json). */
export function serverFolder(): Promise<string> {
  return preparedFolder('server', async (dir) => {
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
    writeFileSync(join(dir, 'install.log'), await timedInstall(dir, 460_000));
    // What npm installed, to compare with after the server ran (kept outside node_modules).
    writeFileSync(join(dir, 'installed.json'), JSON.stringify(listing(join(dir, 'node_modules'))));
  });
}

export interface PackedServer {
  /** http://localhost:<port>: the server's own address in development mode. */
  url: string;
  stop(): Promise<void>;
}

/**
 * `npx open-passage-server` from the installed folder, in development mode (its outbox holds the codes),
 * in a new folder of its own with `settings` (APPS_FILE, STATIC_DIR, …).
 */
export async function startPackedServer(settings: Record<string, string>): Promise<PackedServer> {
  const installed = await serverFolder();
  const cwd = join(
    installed,
    'runs',
    `app-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
  );
  mkdirSync(cwd, { recursive: true });
  const port = await freePort();
  const env = cleanEnv({ PORT: String(port), ...settings });
  for (const name of ['PUBLIC_URL', 'DATABASE_URL', 'DATA_DIR', 'NODE_ENV', 'SMTP_URL']) {
    if (!(name in settings)) delete env[name];
  }
  // Its own process group: SIGTERM reaches the server and not only npx.
  const child: ChildProcess = spawn('npx', ['open-passage-server'], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  while (!output.includes('open-passage is running')) {
    if (child.exitCode !== null) throw new Error(`npx open-passage-server exited:\n${output}`);
    if (Date.now() > deadline) {
      process.kill(-child.pid!, 'SIGTERM');
      throw new Error(`npx open-passage-server did not start within 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://localhost:${port}`,
    async stop() {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
      await exited;
    },
  };
}

/** The one-time code the server sent to `email`, read from its development outbox. */
export async function codeFromOutbox(page: Page, server: string, email: string): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const all = (await (await page.request.get(`${server}/dev/outbox`)).json()) as {
          to: string;
          text: string;
        }[];
        text = all.find((message) => message.to === email)?.text ?? '';
        return text !== '';
      },
      { message: `no code was sent to ${email} (GET /dev/outbox)`, timeout: 10_000 },
    )
    .toBe(true);
  return codeIn({ id: '', channel: 'email', to: email, subject: '', text, created_at: '' });
}

/** An apps file with one email app whose page is the server's own origin and whose redirect is `redirect`. */
export function writeAppsFile(dir: string, appId: string, name: string, redirect: string): string {
  const file = join(dir, 'passage-apps.json');
  writeFileSync(
    file,
    JSON.stringify({
      apps: [
        {
          id: appId,
          name,
          auth_origin: '${PUBLIC_URL}',
          redirect_url: redirect,
          allowed_identifier: 'email',
          public_signup: true,
          auth_fallback_method: 'otp',
        },
      ],
    }),
  );
  return file;
}
