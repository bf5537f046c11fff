import { APP_ID } from './support/profile-apps';
import { expect, freshEmail, storeTokens, test } from './support/profile-test';

/** An auth token whose `exp` has passed: the client reads only that claim, so it refreshes at once. */
const EXPIRED = [
  { alg: 'RS256', typ: 'JWT' },
  { sub: 'u', exp: 1 },
]
  .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
  .join('.')
  .concat('.sig');

test('two tabs refreshing one session at once both stay signed in', async ({ browser, server, api }) => {
  const user = await api.signUp(freshEmail('tabs'));
  const context = await browser.newContext();
  try {
    const [first, second] = [await context.newPage(), await context.newPage()];
    await storeTokens(first, server.url, { authToken: EXPIRED, refreshToken: user.refreshToken });

    // Each refresh is held until the other tab has sent one too, so uncoordinated tabs reach the server
    // together; a tab that waits for the other's refresh sends none (then the hold ends after 1.5 s).
    const refreshes: number[] = [];
    let arrived = 0;
    let bothArrived!: () => void;
    const both = new Promise<void>((resolve) => (bothArrived = resolve));
    await context.route(
      (url) => url.pathname === `/v1/apps/${APP_ID}/tokens`,
      async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        if (++arrived === 2) bothArrived();
        await Promise.race([both, new Promise((resolve) => setTimeout(resolve, 1500))]);
        const response = await route.fetch();
        refreshes.push(response.status());
        await route.fulfill({ response });
      },
    );

    await Promise.all([first, second].map((page) => page.goto(`${server.url}/passageSuccess`)));
    for (const page of [first, second]) {
      const profile = page.locator('passage-profile');
      await expect(profile.getByRole('heading', { name: 'Sign-in details' })).toBeVisible();
      await expect(profile.getByText(user.email)).toBeVisible();
    }
    expect(refreshes).toEqual([201]);

    // The session the tabs share is alive: the server did not take the second refresh for a stolen token.
    const refreshToken = await second.evaluate(() => localStorage.getItem('psg_refresh_token'));
    expect(refreshToken).not.toBe(user.refreshToken);
    const again = await api.call('POST', `/v1/apps/${APP_ID}/tokens`, { refresh_token: refreshToken });
    expect(again.status).toBe(201);
  } finally {
    await context.close();
  }
});
