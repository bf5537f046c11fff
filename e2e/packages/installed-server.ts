// open-passage-server as installed from its tarball into a fresh app's folder, started as a user would
// (node_modules/.bin/open-passage-server) in development mode, where the dev outbox holds the codes.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { freePort } from '../../scripts/start-server.mjs';
import { codeIn } from '../auth/support';
import { cleanEnv } from './support';

export interface InstalledServer {
  url: string;
  /** The newest one-time code the server "sent" to `email` (GET /dev/outbox), waiting for it. */
  codeFor(page: Page, email: string): Promise<string>;
  stop(): Promise<void>;
}

/** Starts the server installed in `app` with `settings` (APPS_FILE, STATIC_DIR, …) on a free port. */
export async function startInstalledServer(
  app: string,
  settings: Record<string, string>,
): Promise<InstalledServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn(join(app, 'node_modules', '.bin', 'open-passage-server'), [], {
    cwd: app,
    env: cleanEnv({ PORT: String(port), DATA_DIR: mkdtempSync(join(app, 'data-')), ...settings }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 30_000;
  while (!output.includes('open-passage is running')) {
    if (child.exitCode !== null) throw new Error(`open-passage-server exited:\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`open-passage-server did not start in 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop,
    async codeFor(page, email) {
      let text = '';
      await expect
        .poll(
          async () => {
            const outbox = await page.request.get(`${url}/dev/outbox`);
            const all = (await outbox.json()) as { to: string; text: string }[];
            text = all.find((message) => message.to === email)?.text ?? '';
            return text !== '';
          },
          { message: `no code was sent to ${email} (GET /dev/outbox)`, timeout: 10_000 },
        )
        .toBe(true);
      return codeIn({ id: '', channel: 'email', to: email, subject: '', text, created_at: '' });
    },
  };
}
