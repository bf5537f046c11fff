import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { freePort, type StartedServer, startServer } from '../../test-support/start-server.mjs';
import { type SocialProviders, startSocialProviders } from '../../test-support/social-providers/index';
import { bundlePassageClients } from './passage-bundle';

// Passage's own passage-js 3.14.6, unmodified but for its host (the recipe of passage-bundle.ts), signs
// in through the server's social sign-in: `authorizeWith` navigates to the provider (the test
// providers of test-support/social-providers), the provider comes back to the page with a code, and
// `finishSocialAuthentication` exchanges it.

const root = fileURLToPath(new URL('../../', import.meta.url));
const APP_ID = 'passageSocialApp0000001';

interface AuthResult {
  auth_token: string;
  refresh_token?: string;
  redirect_url: string;
}
/** The part of passage-js these tests call (the page exposes its `Passage` as `window.passage`). */
interface PassageJs {
  authorizeWith(type: string): Promise<void>;
  finishSocialAuthentication(code: string): Promise<AuthResult>;
}

let dir = '';
let origin = '';
let server: StartedServer | undefined;
let providers: SocialProviders;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  // The providers at localhost like the server: Apple's form_post (a POST from its page) then carries
  // the flow's SameSite=Lax cookie over plain http (the same site, other ports).
  providers = await startSocialProviders({ host: 'localhost' });
  dir = mkdtempSync(join(tmpdir(), 'open-passage-passage-social-'));
  const site = join(dir, 'site');
  mkdirSync(site);
  const port = await freePort();
  origin = `http://localhost:${port}`;
  await bundlePassageClients(root, site, origin, APP_ID);
  writeFileSync(join(site, 'index.html'), '<!doctype html><html lang="en"><title>Home</title></html>\n');
  writeFileSync(
    join(site, 'social.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Social</title>' +
      '<script type="module" src="/passage-bundle.js"></script></head><body><h1>Social</h1></body></html>\n',
  );
  const appsFile = join(dir, 'passage-apps.json');
  writeFileSync(
    appsFile,
    JSON.stringify({
      apps: [
        {
          id: APP_ID,
          name: 'Passage social',
          auth_origin: '${PUBLIC_URL}',
          redirect_url: '/social.html',
          social_providers: providers.settings(['google', 'github', 'apple']),
        },
      ],
    }),
  );
  server = await startServer({ PORT: String(port), APPS_FILE: appsFile, STATIC_DIR: site });
});

test.afterAll(async () => {
  await server?.stop();
  await providers?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The page with passage-js loaded. */
async function openPage(page: Page) {
  await page.goto(`${origin}/social.html?from=test`);
  await page.waitForFunction(() => 'passage' in window);
}

for (const type of ['google', 'github', 'apple'] as const) {
  test(`passage-js authorizeWith('${type}') and finishSocialAuthentication sign in`, async ({ page }) => {
    providers.reset();
    const { email } = providers[type].user;
    await openPage(page);
    // authorizeWith navigates away: the promise never settles in the page it started in.
    void page.evaluate(
      (connection) => (window as unknown as { passage: PassageJs }).passage.authorizeWith(connection),
      type,
    );
    await page.waitForURL((url) => url.origin === origin && url.searchParams.has('code'));
    const back = new URL(page.url());
    expect(back.pathname).toBe('/social.html');
    expect(back.searchParams.get('from')).toBe('test');
    // passage-js stored its state before leaving: the server sends it back unchanged.
    const stored = await page.evaluate(() => sessionStorage.getItem('oauth2State'));
    expect(back.searchParams.get('state')).toBe(stored);
    await page.waitForFunction(() => 'passage' in window);
    const result = await page.evaluate(
      (code) => (window as unknown as { passage: PassageJs }).passage.finishSocialAuthentication(code),
      back.searchParams.get('code')!,
    );
    expect(result.redirect_url).toBe('/social.html');
    const me = await page.request.get(`${origin}/v1/apps/${APP_ID}/currentuser`, {
      headers: { authorization: `Bearer ${result.auth_token}` },
    });
    const { user } = (await me.json()) as {
      user: { email: string; social_connections: Record<string, unknown> };
    };
    expect(user.email).toBe(email);
    expect(Object.keys(user.social_connections)).toEqual([type]);
  });
}

test('a declined consent comes back to the page with error=access_denied and passage-js state', async ({
  page,
}) => {
  providers.reset();
  providers.google.deny = true;
  await openPage(page);
  void page.evaluate(() => (window as unknown as { passage: PassageJs }).passage.authorizeWith('google'));
  await page.waitForURL((url) => url.origin === origin && url.searchParams.has('error'));
  const back = new URL(page.url());
  expect(back.searchParams.get('error')).toBe('access_denied');
  expect(back.searchParams.get('state')).toBe(
    await page.evaluate(() => sessionStorage.getItem('oauth2State')),
  );
});
