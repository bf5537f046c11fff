import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { type StartedServer, startServer } from '../../../test-support/start-server.mjs';
import { APP_ID, profileApps } from './profile-apps';

export interface SignedIn {
  userId: string;
  email: string;
  authToken: string;
  refreshToken: string;
}

/** Talks to the real server the way the widget does, for setting up what a test needs. */
export class ProfileApi {
  constructor(readonly url: string) {}

  async call<T>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; body: T }> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  /** The newest dev-outbox message sent to `to`. */
  async lastMessage(to: string): Promise<{ text: string; subject: string }> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const { body } = await this.call<{ to: string; text: string; subject: string }[]>('GET', '/dev/outbox');
      const message = body.find((m) => m.to === to);
      if (message) return message;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no message to ${to} in the dev outbox`);
  }

  /** The confirmation link (`psg_verify_link`) of the newest message to `to`, as sent. */
  async lastVerifyLink(to: string): Promise<URL> {
    const link = /https?:\/\/\S*psg_verify_link=[\w-]+/.exec((await this.lastMessage(to)).text)?.[0];
    if (!link) throw new Error(`no confirmation link in the last message to ${to}`);
    return new URL(link);
  }

  /** Registers `email` with a one-time code read from the dev outbox, as a person would. */
  async signUp(email: string, appId = APP_ID): Promise<SignedIn> {
    const app = `/v1/apps/${appId}`;
    const created = await this.call<{ user: { id: string } }>('POST', `${app}/users`, { identifier: email });
    if (created.status >= 300)
      throw new Error(`create user: ${created.status} ${JSON.stringify(created.body)}`);
    const sent = await this.call<{ otp_id: string }>('POST', `${app}/register/otp`, {
      identifier: email,
      language: 'en',
    });
    if (sent.status >= 300) throw new Error(`send code: ${sent.status} ${JSON.stringify(sent.body)}`);
    const code = /\b(\d{6})\b/.exec((await this.lastMessage(email)).text)?.[1];
    const activated = await this.call<{ auth_result: { auth_token: string; refresh_token: string } }>(
      'POST',
      `${app}/otp/activate`,
      { otp: code, otp_id: sent.body.otp_id },
    );
    if (activated.status >= 300)
      throw new Error(`activate: ${activated.status} ${JSON.stringify(activated.body)}`);
    const { auth_token, refresh_token } = activated.body.auth_result;
    return { userId: created.body.user.id, email, authToken: auth_token, refreshToken: refresh_token };
  }
}

/** Puts the tokens where the client's token store keeps them. */
export async function storeTokens(
  page: Page,
  url: string,
  user: Pick<SignedIn, 'authToken' | 'refreshToken'>,
) {
  await page.goto(`${url}/robots.txt`);
  await page.evaluate(({ authToken, refreshToken }) => {
    localStorage.setItem('psg_auth_token', authToken);
    localStorage.setItem('psg_refresh_token', refreshToken);
  }, user);
}

/** What the page's `passageProfileChange` events carried, in order. */
export interface Change {
  type: string;
  [key: string]: unknown;
}

const recorded = new WeakMap<Page, Change[]>();

/** Collects the element's `passageProfileChange` events, in this process, so they outlive navigation. */
export async function recordChanges(page: Page) {
  if (recorded.has(page)) return;
  const list: Change[] = [];
  recorded.set(page, list);
  await page.exposeFunction('recordProfileChange', (change: Change) => void list.push(change));
  await page.addInitScript(() => {
    const w = window as unknown as { recordProfileChange(change: unknown): Promise<void> };
    document.addEventListener(
      'passageProfileChange',
      (e) => void w.recordProfileChange((e as CustomEvent).detail),
    );
  });
}

/** The changes recorded so far (after the page's pending events have arrived). */
export async function changes(page: Page): Promise<Change[]> {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0))).catch(() => undefined);
  return [...(recorded.get(page) ?? [])];
}

/**
 * Makes the demo's element (which carries the demo app's id) talk to another app of the test server:
 * every call under `/v1/apps/<demo app>` goes to `/v1/apps/<appId>` instead. Each test file uses its
 * own app, so the per-app limits of the server (sign-ups, codes sent) are not shared between files.
 */
export async function useApp(page: Page, appId: string) {
  if (appId === APP_ID) return;
  await page.route(`**/v1/apps/${APP_ID}**`, (route) =>
    route.continue({ url: route.request().url().replace(`/v1/apps/${APP_ID}`, `/v1/apps/${appId}`) }),
  );
}

/** Opens /passageSuccess signed in as `user` (of `appId`), recording changes, once the profile shows. */
export async function openProfile(page: Page, url: string, user: SignedIn, appId = APP_ID): Promise<Locator> {
  await recordChanges(page);
  await useApp(page, appId);
  await storeTokens(page, url, user);
  await page.goto(`${url}/passageSuccess`);
  const profile = page.locator('passage-profile');
  await expect(profile.getByRole('heading', { name: 'Sign-in details' })).toBeVisible();
  return profile;
}

/** Answers calls matching `url` (and `method`, when given) with an API error, as the server would. */
export async function answerWithError(
  page: Page,
  url: string,
  error: { status: number; code: string; message: string },
  method?: string,
) {
  await page.route(url, (route) =>
    method && route.request().method() !== method
      ? route.fallback()
      : route.fulfill({
          status: error.status,
          contentType: 'application/json',
          body: JSON.stringify({ code: error.code, error: error.message }),
        }),
  );
}

/** Vertical distance in CSS pixels between the bottom of `control` and the top of `message`. */
export async function gapBelow(control: Locator, message: Locator): Promise<number> {
  const [from, to] = await Promise.all([control.boundingBox(), message.boundingBox()]);
  if (!from || !to) throw new Error('not on screen');
  return to.y - (from.y + from.height);
}

let counter = 0;
/** A fresh address per test, so limits and state never leak between tests. */
export const freshEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${counter++}@example.com`;

/**
 * One server for the profile tests, with the apps above, on its own database. Every test signs a user up
 * by a code sent from this one address, so the server's limits are raised (RATE_LIMIT_FACTOR 20: 600
 * sends per address in 10 minutes); a file that checks a limit sets `test.use({ rateLimitFactor: '1' })`
 * and gets a server (and a worker) of its own.
 */
export const test = base.extend<{ api: ProfileApi }, { server: StartedServer; rateLimitFactor: string }>({
  rateLimitFactor: ['20', { scope: 'worker', option: true }],
  server: [
    async ({ rateLimitFactor }, use) => {
      const dir = mkdtempSync(join(tmpdir(), 'open-passage-profile-'));
      const appsFile = join(dir, 'apps.json');
      writeFileSync(appsFile, JSON.stringify(profileApps));
      // No debug panel, as in e2e/support/global-setup.ts: the pages as users see them.
      const server = await startServer({
        APPS_FILE: appsFile,
        LOG_LEVEL: 'warn',
        DEBUG_PANEL_FILE: '',
        RATE_LIMIT_FACTOR: rateLimitFactor,
      });
      await use(server);
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  api: async ({ server }, use) => use(new ProfileApi(server.url)),
});

export { expect };
