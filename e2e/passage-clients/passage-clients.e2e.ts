import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { freePort, type StartedServer, startServer } from '../../test-support/start-server.mjs';
import { addVirtualAuthenticator, uniqueEmail } from '../auth/support';
import { bundlePassageClients } from './passage-bundle';

// Passage's own browser packages (passage-js 3.14.6, passage-elements 1.16.0, unmodified from the
// registry) bundled by the documented recipe and served from the server's origin as a site.

const root = fileURLToPath(new URL('../../', import.meta.url));
const APP_ID = 'passageClientsApp000001';
const LINK_APP_ID = 'passageClientsLink00001';

/** The part of passage-js the tests call (the page exposes its `Passage` as `window.passage`). */
interface PassageJs {
  getCurrentSession(): {
    refresh(): Promise<{ auth_token: string; refresh_token?: string }>;
    signOut(): Promise<boolean>;
  };
}

let dir = '';
let bundle = '';
/** The server's address (its port chosen here: startServer's `url` names the one it would have picked). */
let origin = '';
let server: StartedServer | undefined;

const html = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
  `<script type="module" src="/passage-bundle.js"></script></head><body>${body}</body></html>\n`;

// Each test signs up through the real elements (several screens, delays of their own): give it time.
test.describe.configure({ timeout: 60_000 });

test.beforeAll(async () => {
  test.setTimeout(60_000);
  dir = mkdtempSync(join(tmpdir(), 'open-passage-passage-clients-'));
  const site = join(dir, 'site');
  mkdirSync(site);
  writeFileSync(join(site, 'index.html'), html('Home', '<h1>Home</h1>'));
  const appsFile = join(dir, 'passage-apps.json');
  writeFileSync(
    appsFile,
    JSON.stringify({
      apps: [
        {
          id: APP_ID,
          name: 'Passage clients',
          auth_origin: '${PUBLIC_URL}',
          redirect_url: '/signed-in.html',
          login_url: '/sign-in.html',
          allowed_identifier: 'email',
          auth_fallback_method: 'otp',
        },
        {
          id: LINK_APP_ID,
          name: 'Passage clients, magic links',
          auth_origin: '${PUBLIC_URL}',
          redirect_url: '/signed-in.html',
          allowed_identifier: 'email',
          auth_fallback_method: 'magic_link',
        },
      ],
    }),
  );
  // The bundle names the server's address, and the server serves the files present when it starts.
  const port = await freePort();
  origin = `http://localhost:${port}`;
  bundle = await bundlePassageClients(root, site, origin, APP_ID);
  writeFileSync(
    join(site, 'sign-in.html'),
    html('Sign in', `<passage-auth app-id="${APP_ID}"></passage-auth>`),
  );
  writeFileSync(
    join(site, 'sign-in-link.html'),
    html('Sign in', `<passage-auth app-id="${LINK_APP_ID}"></passage-auth>`),
  );
  writeFileSync(
    join(site, 'profile.html'),
    html('Profile', `<passage-profile app-id="${APP_ID}"></passage-profile>`),
  );
  writeFileSync(join(site, 'signed-in.html'), html('Signed in', '<h1>Signed in</h1>'));
  server = await startServer({
    PORT: String(port),
    APPS_FILE: appsFile,
    STATIC_DIR: site,
    RATE_LIMIT_FACTOR: '20',
  });
});

test.afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Sent {
  id: string;
  to: string;
  text: string;
}
/** What the server "sent" (GET /dev/outbox), newest first. */
const outbox = async (page: Page) =>
  (await (await page.request.get(`${origin}/dev/outbox`)).json()) as Sent[];

/** The text of the newest message the server sent to `to` (after the one with id `after`), once it arrives. */
async function lastMessageTo(page: Page, to: string, after = ''): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const newest = (await outbox(page)).find((message) => message.to === to);
        text = newest && newest.id !== after ? newest.text : '';
        return text !== '';
      },
      { message: `no message was sent to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  return text;
}

/** Every request a test's page makes to another origin than the server's: there must be none. */
let foreign: string[] = [];
test.beforeEach(({ page }) => {
  foreign = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) foreign.push(request.url());
  });
});
test.afterEach(() => {
  expect(foreign, 'requests to other origins than the server').toEqual([]);
});

test('the bundle names no Passage host', () => {
  for (const host of [
    'auth.passage.id',
    'storage.googleapis.com',
    'cdnjs.cloudflare.com',
    'cloudfunctions.net',
  ]) {
    expect(bundle, host).not.toContain(host);
  }
  expect(bundle).toContain(`${origin}`);
});

const visible = (page: Page, name: string) => page.locator(`[data-test=${name}] >> visible=true`);
const sixDigits = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const linkIn = (text: string) => /(https?:\/\/\S+psg_(?:magic|verify)_link=[^\s"<>]+)/.exec(text)?.[1] ?? '';

/** Types the identifier into the element on `path` and continues, registering first when `register`. */
async function submitIdentifier(page: Page, path: string, email: string, register: boolean) {
  await page.goto(`${origin}${path}`);
  if (register) await visible(page, 'register-link').click();
  await visible(page, 'identifier-input').fill(email);
  await visible(page, 'continue-button').click();
}

async function enterCodeSentTo(page: Page, email: string, after?: string) {
  const code = sixDigits(await lastMessageTo(page, email, after));
  for (const [i, digit] of [...code].entries()) await visible(page, `otp-single-input-${i}`).fill(digit);
}

/** Signed in: on the app's redirect_url with a token the server accepts for the current user. */
async function expectSignedIn(page: Page, email: string, appId = APP_ID) {
  await page.waitForURL(`${origin}/signed-in.html`);
  const token = await page.evaluate(() => localStorage.getItem('psg_auth_token'));
  const me = await page.request.get(`${origin}/v1/apps/${appId}/currentuser`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);
}

const forgetSession = (page: Page) =>
  page.evaluate(() => {
    for (const key of ['psg_auth_token', 'psg_refresh_token', 'psg_last_login']) localStorage.removeItem(key);
  });

test.describe('without passkeys', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
    });
  });

  test('registers and signs in by one-time code', async ({ page }) => {
    const email = uniqueEmail('pj-code');
    await submitIdentifier(page, '/sign-in.html', email, true);
    await enterCodeSentTo(page, email);
    await expectSignedIn(page, email);

    const first = (await outbox(page)).find((m) => m.to === email)!.id;
    await forgetSession(page);
    await submitIdentifier(page, '/sign-in.html', email, false);
    await enterCodeSentTo(page, email, first);
    await expectSignedIn(page, email);
  });

  test('registers and signs in by magic link', async ({ page }) => {
    const email = uniqueEmail('pj-link');
    await submitIdentifier(page, '/sign-in-link.html', email, true);
    const link = linkIn(await lastMessageTo(page, email));
    // The element names its page (magic_link_path): the link opens it.
    expect(new URL(link).pathname).toBe('/sign-in-link.html');
    await page.goto(link);
    await expectSignedIn(page, email, LINK_APP_ID);

    const first = (await outbox(page)).find((m) => m.to === email)!.id;
    await forgetSession(page);
    await submitIdentifier(page, '/sign-in-link.html', email, false);
    await page.goto(linkIn(await lastMessageTo(page, email, first)));
    await expectSignedIn(page, email, LINK_APP_ID);
  });

  test('changes the email through the link sent to the new address, which opens login_url', async ({
    page,
  }) => {
    const email = uniqueEmail('pj-old');
    const next = uniqueEmail('pj-new');
    await submitIdentifier(page, '/sign-in.html', email, true);
    await enterCodeSentTo(page, email);
    await expectSignedIn(page, email);

    await page.goto(`${origin}/profile.html`);
    await visible(page, 'edit-button').first().click();
    await visible(page, 'profile-email-input').fill(next);
    await visible(page, 'save-button').first().click();
    const link = linkIn(await lastMessageTo(page, next));
    // passage-elements sends no magic_link_path: the app's login_url, the page that holds <passage-auth>.
    expect(new URL(link).pathname).toBe('/sign-in.html');
    await page.goto(link);
    await expect
      .poll(async () => {
        const token = await page.evaluate(() => localStorage.getItem('psg_auth_token'));
        const me = await page.request.get(`${origin}/v1/apps/${APP_ID}/currentuser`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return ((await me.json()) as { user?: { email: string } }).user?.email;
      })
      .toBe(next);
  });

  test('passage-js refreshes the session and signs out', async ({ page }) => {
    const email = uniqueEmail('pj-session');
    await submitIdentifier(page, '/sign-in.html', email, true);
    await enterCodeSentTo(page, email);
    await expectSignedIn(page, email);

    const before = await page.evaluate(() => localStorage.getItem('psg_refresh_token'));
    const refreshed = await page.evaluate(async () => {
      const { passage } = window as unknown as { passage: PassageJs };
      return passage.getCurrentSession().refresh();
    });
    expect(refreshed.auth_token).toMatch(/^ey/);
    expect(refreshed.refresh_token).not.toBe(before);
    expect(await page.evaluate(() => localStorage.getItem('psg_refresh_token'))).toBe(
      refreshed.refresh_token,
    );
    await expectSignedIn(page, email);
    // The refresh token rotated: the old one is spent, and presenting it again ends the sign-in (a reuse
    // means it was copied), the auth token it issued included.
    const reuse = await page.request.post(`${origin}/v1/apps/${APP_ID}/tokens/`, {
      data: { refresh_token: before },
    });
    expect(reuse.status()).toBeGreaterThanOrEqual(400);
    const me = await page.request.get(`${origin}/v1/apps/${APP_ID}/currentuser`, {
      headers: { authorization: `Bearer ${refreshed.auth_token}` },
    });
    expect(me.status()).toBe(401);

    const signedOut = await page.evaluate(async () => {
      const { passage } = window as unknown as { passage: PassageJs };
      return passage.getCurrentSession().signOut();
    });
    expect(signedOut).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('psg_refresh_token'))).toBeNull();
    const afterSignOut = await page.request.post(`${origin}/v1/apps/${APP_ID}/tokens/`, {
      data: { refresh_token: refreshed.refresh_token },
    });
    expect(afterSignOut.status()).toBeGreaterThanOrEqual(400);
  });
});

test('registers a passkey and signs in with it', async ({ page }) => {
  await addVirtualAuthenticator(page);
  const email = uniqueEmail('pj-passkey');
  await submitIdentifier(page, '/sign-in.html', email, true);
  await visible(page, 'register-main-button').click();
  await expectSignedIn(page, email);
  const credentials = await page.request.get(`${origin}/v1/apps/${APP_ID}/currentuser/devices/`, {
    headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('psg_auth_token'))}` },
  });
  expect(((await credentials.json()) as { devices: unknown[] }).devices).toHaveLength(1);

  await forgetSession(page);
  const sent = (await outbox(page)).filter((m) => m.to === email).length;
  // The element asks for a passkey as the page loads (autofill): the virtual authenticator answers.
  await page.goto(`${origin}/sign-in.html`);
  await expectSignedIn(page, email);
  // No code or link: the passkey signed in.
  expect((await outbox(page)).filter((m) => m.to === email)).toHaveLength(sent);
});
