import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { type StartedServer, startServer } from '../../test-support/start-server.mjs';
import { type SocialProviders, startSocialProviders } from '../../test-support/social-providers/index';

/** The demo's app id, so the demo's pages (`/passage`, `/passageSuccess`) mount the app under test. */
export const APP_ID = 'opDemo7Kq2Lx9RmT4wYc6dHf';

/**
 * The test providers (test-support/social-providers: Google, GitHub and Apple doubles and an app's own
 * OpenID Connect provider, "Acme ID") and a server whose app offers them. The app has no other way to
 * sign in (fallback `none`): so a user's last provider is their last way in, which Remove must refuse.
 */
export const test = base.extend<object, { providers: SocialProviders; server: StartedServer }>({
  providers: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other fixture
    async ({}, use) => {
      // On localhost as the server is: Apple's form_post then comes from the same site, so the flow's
      // SameSite=Lax cookie (plain http) rides along.
      const providers = await startSocialProviders({ host: 'localhost' });
      await use(providers);
      await providers.stop();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ providers }, use) => {
      const dir = mkdtempSync(join(tmpdir(), 'open-passage-social-'));
      const appsFile = join(dir, 'apps.json');
      const app = {
        id: APP_ID,
        name: 'Social test app',
        auth_origin: '${PUBLIC_URL}',
        redirect_url: '/passageSuccess',
        allowed_identifier: 'email',
        public_signup: true,
        auth_fallback_method: 'none',
        social_providers: providers.settings(),
      };
      writeFileSync(appsFile, JSON.stringify({ apps: [app] }));
      const server = await startServer({ APPS_FILE: appsFile, LOG_LEVEL: 'warn', DEBUG_PANEL_FILE: '' });
      await use(server);
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
});

export { expect };

export const widget = (page: Page): Locator => page.locator('passage-auth');

/** Opens the sign-in page and waits for the provider buttons. */
export async function openSignIn(page: Page, url: string): Promise<Locator> {
  await page.goto(`${url}/passage`);
  const el = widget(page);
  await expect(el.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  return el;
}

/** The profile's sign-in accounts section. */
export const accounts = (page: Page): Locator =>
  page.locator('passage-profile').getByRole('region', { name: 'Sign-in accounts' });

/** The signed-in user, as the server has them (the token the widget stored). */
export async function currentUser(page: Page, url: string) {
  const token = await page.evaluate(() => localStorage.getItem('psg_auth_token'));
  const response = await fetch(`${url}/v1/apps/${APP_ID}/currentuser`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { user: { id: string; email: string; social_connections: object } })
    .user;
}

/** Signs up (or in) with `name`'s button and waits for the account page the app redirects to. */
export async function continueWith(page: Page, url: string, name: string): Promise<void> {
  const el = await openSignIn(page, url);
  await el.getByRole('button', { name: `Continue with ${name}` }).click();
  await page.waitForURL(`${url}/passageSuccess`);
}

/** Forgets the session in this browser (as a new visitor). */
export async function signOutHere(page: Page): Promise<void> {
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}
