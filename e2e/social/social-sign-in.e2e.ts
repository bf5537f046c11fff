import type { Page } from '@playwright/test';
import { continueWith, currentUser, expect, openSignIn, signOutHere, test } from './social-test';

/**
 * Social sign-in in Chromium against the test providers: the buttons, leaving for the provider and
 * coming back, and every way it can fail on the form.
 */
test.beforeEach(({ providers }) => providers.reset());

test('shows the offered providers in order, each with its mark, and fetches nothing from them', async ({
  page,
  server,
  providers,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const el = await openSignIn(page, server.url);
  const buttons = el.locator('[part~="social-button"]');
  await expect(buttons).toHaveText([
    'Continue with Google',
    'Continue with GitHub',
    'Continue with Apple',
    'Continue with Acme ID',
  ]);
  await expect(el.locator('[part~="social-button-acme"] svg')).toHaveCount(1);
  await expect(el.locator('[part~="divider"]')).toHaveText('Or');
  // Keyboard: the buttons follow the form in the tab order.
  await el.getByRole('button', { name: 'Continue with Google' }).focus();
  await page.keyboard.press('Tab');
  await expect(el.getByRole('button', { name: 'Continue with GitHub' })).toBeFocused();
  const providerHosts = [
    providers.google.issuer,
    providers.github.url,
    providers.apple.issuer,
    providers.acme.issuer,
  ].map((url) => new URL(url).host);
  expect(requested.filter((url) => providerHosts.includes(new URL(url).host))).toEqual([]);
});

test('signs up with Google, then the same user signs in again', async ({ page, server, providers }) => {
  const person = providers.google.user;
  await continueWith(page, server.url, 'Google');
  const first = await currentUser(page, server.url);
  expect(first.email).toBe(person.email);
  expect(first.social_connections).toHaveProperty('google');
  // The callback's parameters and the PKCE state are gone.
  expect(await page.evaluate(() => sessionStorage.getItem('oauth2Verifier'))).toBeNull();

  await signOutHere(page);
  providers.google.user = person;
  await continueWith(page, server.url, 'Google');
  expect((await currentUser(page, server.url)).id).toBe(first.id);
});

test("signs in with GitHub (OAuth 2, no OpenID Connect) and an app's own OpenID Connect provider", async ({
  page,
  server,
}) => {
  await continueWith(page, server.url, 'GitHub');
  expect((await currentUser(page, server.url)).social_connections).toHaveProperty('github');
  await signOutHere(page);
  await continueWith(page, server.url, 'Acme ID');
  expect((await currentUser(page, server.url)).social_connections).toHaveProperty('acme');
});

test('signs in with Apple (its answer posted back: form_post)', async ({ page, server, providers }) => {
  const person = providers.apple.user;
  await continueWith(page, server.url, 'Apple');
  const user = await currentUser(page, server.url);
  expect(user.email).toBe(person.email);
  expect(user.social_connections).toHaveProperty('apple');
});

test('says so when the user declines at the provider, and the buttons still work', async ({
  page,
  server,
  providers,
}) => {
  providers.google.deny = true;
  const el = await openSignIn(page, server.url);
  await el.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(el.locator('[part~="social-error"]')).toHaveText(
    'Signing in with Google was cancelled. Try again, or use another way to sign in.',
  );
  expect(new URL(page.url()).search).toBe('');
  providers.google.deny = false;
  await el.getByRole('button', { name: 'Continue with Google' }).click();
  await page.waitForURL(`${server.url}/passageSuccess`);
});

test('says so when the provider fails (its token endpoint answers 500)', async ({
  page,
  server,
  providers,
}) => {
  providers.github.failToken = true;
  const el = await openSignIn(page, server.url);
  await el.getByRole('button', { name: 'Continue with GitHub' }).click();
  await expect(el.locator('[part~="social-error"]')).toHaveText(
    'GitHub could not complete the sign-in. Try again later, or use another way to sign in.',
  );
  expect(new URL(page.url()).pathname).toBe('/passage');
});

/**
 * Runs in the page before its scripts whenever it is a callback (its address holds `code`): `tamper`
 * may change the address (history.replaceState) before the element reads it; the address and the
 * PKCE state this tab stored are kept in localStorage (`e2e-callback`), for a replay.
 */
async function onCallback(page: Page, tamper: boolean) {
  await page.addInitScript((tamperState) => {
    const url = new URL(location.href);
    if (!url.searchParams.has('code')) return;
    const keys = ['oauth2Connection', 'oauth2State', 'oauth2Verifier'];
    const stored = keys.map((key) => [key, sessionStorage.getItem(key)]);
    localStorage.setItem('e2e-callback', JSON.stringify({ href: url.href, stored }));
    if (!tamperState) return;
    url.searchParams.set('state', `${url.searchParams.get('state')}1`);
    history.replaceState(null, '', url);
  }, tamper);
}

test('refuses a tampered state without exchanging the code', async ({ page, server }) => {
  const tokens: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/social/token')) tokens.push(request.url());
  });
  await onCallback(page, true);
  const el = await openSignIn(page, server.url);
  await el.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(el.locator('[part~="social-error"]')).toHaveText(
    'This sign-in has expired or was started in another browser. Choose a way to sign in to start again.',
  );
  expect(tokens).toEqual([]);
  expect(new URL(page.url()).search).toBe('');
  expect(await page.evaluate(() => localStorage.getItem('psg_auth_token'))).toBeNull();
});

test('refuses a code used twice', async ({ page, server }) => {
  await onCallback(page, false);
  await continueWith(page, server.url, 'Google');
  const { href, stored } = JSON.parse((await page.evaluate(() => localStorage.getItem('e2e-callback')))!) as {
    href: string;
    stored: [string, string][];
  };
  expect(new URL(href).searchParams.get('code')).toBeTruthy();
  // The same browser tab, its PKCE state as it was, opens the callback again.
  await signOutHere(page);
  await page.evaluate((entries) => {
    for (const [key, value] of entries) sessionStorage.setItem(key, value);
  }, stored);
  await page.goto(href);
  const el = page.locator('passage-auth');
  await expect(el.locator('[part~="social-error"]')).toHaveText(
    'Signing in with Google failed. Please try again.',
  );
  expect(new URL(page.url()).pathname).toBe('/passage');
  expect(await page.evaluate(() => localStorage.getItem('psg_auth_token'))).toBeNull();
});
