import type { Route } from '@playwright/test';
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

test('signs in with GitHub (OAuth 2, no OpenID Connect) and Apple (form_post)', async ({ page, server }) => {
  await continueWith(page, server.url, 'GitHub');
  expect((await currentUser(page, server.url)).social_connections).toHaveProperty('github');
  await signOutHere(page);
  await continueWith(page, server.url, 'Apple');
  expect((await currentUser(page, server.url)).social_connections).toHaveProperty('apple');
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

/** Rewrites where the server's callback sends the browser back to (the page with code and state). */
async function onReturn(page: import('@playwright/test').Page, change: (back: URL) => void) {
  await page.route('**/social/oauth2_callback**', async (route: Route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    const location = response.headers()['location'];
    if (!location) return route.fulfill({ response });
    const back = new URL(location, route.request().url());
    change(back);
    await route.fulfill({ status: 302, headers: { location: back.href } });
  });
}

test('refuses a tampered state without exchanging the code', async ({ page, server }) => {
  const tokens: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/social/token')) tokens.push(request.url());
  });
  await onReturn(page, (back) => back.searchParams.set('state', `${back.searchParams.get('state')}1`));
  const el = await openSignIn(page, server.url);
  await el.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(el.locator('[part~="social-error"]')).toHaveText(
    'This sign-in has expired or was started in another browser. Choose a way to sign in to start again.',
  );
  expect(tokens).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('psg_auth_token'))).toBeNull();
});

test('refuses a code used twice', async ({ page, server }) => {
  let callback = '';
  await onReturn(page, (back) => void (callback = back.href));
  // What this tab stored before it left: the replay brings it back.
  await page.addInitScript(() => {
    const verifier = sessionStorage.getItem('oauth2Verifier');
    if (verifier)
      localStorage.setItem(
        'e2e-oauth2',
        JSON.stringify(
          ['oauth2Connection', 'oauth2State', 'oauth2Verifier'].map((k) => [k, sessionStorage.getItem(k)]),
        ),
      );
  });
  await continueWith(page, server.url, 'Google');
  const stored = await page.evaluate(() => localStorage.getItem('e2e-oauth2'));
  expect(callback).toContain('code=');
  await signOutHere(page);
  await page.evaluate((entries) => {
    for (const [key, value] of JSON.parse(entries!) as [string, string][]) sessionStorage.setItem(key, value);
  }, stored);
  await page.goto(callback);
  const el = page.locator('passage-auth');
  await expect(el.locator('[part~="social-error"]')).toContainText('Google');
  expect(new URL(page.url()).pathname).toBe('/passage');
  expect(new URL(page.url()).search).toBe('');
  expect(await page.evaluate(() => localStorage.getItem('psg_auth_token'))).toBeNull();
});
