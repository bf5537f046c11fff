import type { Page } from '@playwright/test';
import { computed } from '../support/computed-style';
import { recordScripts } from '../support/downloaded-scripts';
import { expect, freshEmail, openProfile, test } from '../profile/support/profile-test';

// The pages beside the portfolio (sign-in, the page after it, the error page) in the site's design.

const OWNER = 'Alex Rivera';
const FONT = '"Work Sans", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const ACCENT = 'rgb(61, 64, 91)';
const DARK_BACKGROUND = 'rgb(18, 18, 18)';

const HOST_PAGES = [
  {
    path: '/passage',
    title: `Sign in · ${OWNER}`,
    ready: (page: Page) => page.locator('passage-auth').getByRole('button', { name: 'Continue' }),
  },
  {
    path: '/passageSuccess',
    title: `Not signed in · ${OWNER}`,
    ready: (page: Page) => page.getByText('You are not signed in.'),
  },
  {
    path: '/no/such/page',
    title: `Oops! Not Found · ${OWNER}`,
    ready: (page: Page) => page.getByRole('heading', { name: 'Oops!' }),
  },
];

/** The page is no wider than the window (nothing makes a phone scroll sideways). */
const fitsTheWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const { path, title, ready } of HOST_PAGES) {
      test(`${path} has the site's header, font and footer, and a title naming the page`, async ({
        page,
        server,
      }) => {
        await page.goto(`${server.url}${path}`);
        await expect(ready(page)).toBeVisible();
        await expect(page).toHaveTitle(title);
        await expect(page.locator('body')).toHaveCSS('font-family', FONT);
        const header = page.getByRole('banner');
        await expect(header.getByRole('link', { name: OWNER })).toHaveAttribute('href', '/');
        const projects = header.getByRole('navigation', { name: 'Sections' }).getByRole('link').first();
        await expect(projects).toHaveAttribute('href', '/#Projects');
        await expect(projects).toHaveCSS('border-top-color', ACCENT);
        await expect(page.getByRole('contentinfo')).toContainText(`Copyright © 2023 ${OWNER}`);
        expect(await fitsTheWidth(page)).toBe(true);
      });
    }

    test('the portfolio’s nav lays its four links out evenly, never three and one', async ({
      page,
      server,
    }) => {
      await page.goto(`${server.url}/`);
      const links = page.getByRole('navigation', { name: 'Sections' }).getByRole('link');
      await expect(links).toHaveCount(4);
      const rows = new Map<number, number>();
      for (const box of await Promise.all((await links.all()).map((link) => link.boundingBox()))) {
        const top = Math.round(box!.y);
        rows.set(top, (rows.get(top) ?? 0) + 1);
      }
      expect([...rows.values()]).toEqual(width < 600 ? [2, 2] : [4]);
    });
  });
}

// On the test server's demo app (e2e/support/e2e-apps.json), whose colours are demo/passage-apps.json's.
test('/passage shows the widget in the site’s font and accent, and marks the page in the header', async ({
  page,
  baseURL,
}) => {
  await page.goto(`${baseURL}/passage`);
  const widget = page.locator('passage-auth');
  await expect(widget.getByRole('button', { name: 'Continue' })).toBeVisible();
  expect(await computed(widget, '[part~="primary-button"]', ['background-color', 'font-family'])).toEqual([
    ACCENT,
    FONT,
  ]);
  const signIn = page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign in' });
  await expect(signIn).toHaveAttribute('aria-current', 'page');
});

test('the host pages follow a dark system like the portfolio', async ({ page, server }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  for (const { path, ready } of HOST_PAGES) {
    await page.goto(`${server.url}${path}`);
    await expect(ready(page)).toBeVisible();
    await expect(page.locator('body'), path).toHaveCSS('background-color', DARK_BACKGROUND);
  }
  await expect(page.locator('passage-auth, passage-profile')).toHaveCount(0); // the error page: none
  await page.goto(`${server.url}/passage`);
  await expect(page.locator('passage-auth').locator('[part="container"]')).toHaveAttribute(
    'data-theme',
    'dark',
  );
});

test('signed in, /passageSuccess says "Way to go!" with one sign-out, which leads to the sign-in page', async ({
  page,
  server,
  api,
}) => {
  const user = await api.signUp(freshEmail('host-page'));
  const profile = await openProfile(page, server.url, user);
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
  await expect(page.getByText('Way to go! You are signed in.')).toBeVisible();
  await expect(page).toHaveTitle(`Your account · ${OWNER}`);
  // Playwright's roles reach into the profile's shadow root: its button is the only one.
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(1);
  await profile.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/passage$/);
});

test('signed in, the header leads to the account instead of to a sign-in form', async ({
  page,
  server,
  api,
}) => {
  const nav = page.getByRole('navigation', { name: 'Account' });
  const user = await api.signUp(freshEmail('host-header'));
  await openProfile(page, server.url, user);
  await expect(nav.getByRole('link', { name: 'Your account' })).toHaveAttribute('aria-current', 'page');
  await page.goto(`${server.url}/passage`);
  await expect(nav.getByRole('link', { name: 'Your account' })).toHaveAttribute('href', '/passageSuccess');
  await expect(nav.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  // Signing out there leads to /passage, whose header offers to sign in again.
  await page.goto(`${server.url}/passageSuccess`);
  await page.locator('passage-profile').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/passage$/);
  await expect(nav.getByRole('link', { name: 'Sign in' })).toHaveAttribute('aria-current', 'page');
});

test('a session that turns out to have ended switches the page to signed out', async ({
  page,
  server,
  api,
}) => {
  const user = await api.signUp(freshEmail('host-ended'));
  await page.goto(`${server.url}/robots.txt`);
  // Tokens the server does not know: the profile finds the session ended.
  await page.evaluate(({ authToken }) => {
    localStorage.setItem('psg_auth_token', `${authToken}x`);
    localStorage.setItem('psg_refresh_token', 'no-such-refresh-token');
  }, user);
  await page.goto(`${server.url}/passageSuccess`);
  await expect(page.getByText('You are not signed in.')).toBeVisible();
  await expect(page.getByText('Way to go!')).toHaveCount(0);
  // This visitor had signed in: the profile tells what happened and offers to sign in again.
  await expect(page.locator('passage-profile').getByRole('button', { name: 'Sign in again' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);
});

// Lighthouse counts a layout shift in view against the page (docs/performance.md): the header's session
// link and the profile's data both arrive after the prerendered page has painted.
test.describe('at 390 px, signed in', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('the account page finds the session and loads the profile without moving what is in view', async ({
    page,
    server,
    api,
  }) => {
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[])
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const user = await api.signUp(freshEmail('host-shift'));
    await openProfile(page, server.url, user);
    await expect(page.getByText('Way to go! You are signed in.')).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Your account' }),
    ).toBeVisible();
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    // A header that wraps once it links to the account shifted 0.18 here, a footer pushed down by the profile
    // 0.12 and the profile's spinner <div> reused as its sign-out row 0.035 (in Lighthouse). What remains is
    // text settling by a pixel as the web font arrives.
    expect(shifts.reduce((sum, shift) => sum + shift, 0)).toBeLessThan(0.01);
  });
});

test("/passage downloads none of the profile's code, which only the account page shows", async ({
  page,
  server,
}) => {
  const scripts = recordScripts(page);
  await page.goto(`${server.url}/passage`);
  await expect(page.locator('passage-auth').getByRole('button', { name: 'Continue' })).toBeVisible();
  const texts = await scripts();
  expect(texts.length).toBeGreaterThan(0);
  expect(texts.filter((text) => text.includes('passageProfileChange'))).toEqual([]);
});

// Lighthouse's SEO and performance on these pages (docs/performance.md) rest on this: the page is in the HTML
// the server sends, and the browser only hydrates it.
test('the host pages arrive prerendered and crawlable, and hydrate with no console error', async ({
  page,
  server,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} ${message.location().url}`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  for (const [path, markup, ready] of [
    [
      '/passage',
      '<passage-auth app-id=',
      page.locator('passage-auth').getByRole('button', { name: 'Continue' }),
    ],
    ['/passageSuccess', 'Your account</h1>', page.getByText('You are not signed in.')],
  ] as const) {
    const html = await (await page.request.get(`${server.url}${path}`)).text();
    expect(html, path).toContain(`>${OWNER}</a>`);
    expect(html, path).toContain(markup);
    expect(html, path).toContain('<meta name="description"');
    expect(html, path).not.toContain('noindex');
    await page.goto(`${server.url}${path}`);
    await expect(ready).toBeVisible();
  }
  expect(await (await page.request.get(`${server.url}/robots.txt`)).text()).not.toContain('Disallow');
  expect(errors).toEqual([]);
});
