import { expect, test, type Locator, type Page } from '@playwright/test';
import { computed } from '../support/computed-style';

// The site's pages as a visitor meets them: one header on every page, the sign-in form placed and explained,
// the account page's signed-out state, and the sign-in widget in the colours its app configures. On the test
// server's demo app (e2e/support/e2e-apps.json, as demo/passage-apps.json), signed out.

const OWNER = 'Alex Rivera';
const SECTIONS = [
  ['Projects', 'Projects'],
  ['Experience', 'Experience'],
  ['About Me', 'AboutPage'],
  ['Contact', 'ContactPage'],
] as const;
const PAGES = ['/', '/passage', '/passageSuccess', '/no/such/page'];
const SIGN_IN_PROMISE =
  'Sign in or create an account, with no password, to manage your email address, passkeys and profile.';

/** The header's links, in order, with where they lead and where they are. */
async function headerLinks(page: Page) {
  const links = await page.getByRole('banner').getByRole('link').all();
  return Promise.all(
    links.map(async (link) => ({
      name: (await link.innerText()).split('\n')[0],
      href: await link.getAttribute('href'),
      box: await link.boundingBox(),
    })),
  );
}

const box = async (locator: Locator) => (await locator.boundingBox())!;

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('every page has the portfolio’s header: the name, its four sections and the way to sign in', async ({
      page,
    }) => {
      let first: Awaited<ReturnType<typeof headerLinks>> | undefined;
      for (const path of PAGES) {
        await page.goto(path);
        const header = page.getByRole('banner');
        await expect(header.getByRole('link', { name: OWNER })).toHaveAttribute('href', '/');
        const sections = header.getByRole('navigation', { name: 'Sections' }).getByRole('link');
        const anchor = path === '/' ? '#' : '/#';
        await expect(sections).toHaveText(SECTIONS.map(([label]) => new RegExp(`^${label}$`, 'i')));
        for (const [index, [, id]] of SECTIONS.entries())
          await expect(sections.nth(index), path).toHaveAttribute('href', `${anchor}${id}`);
        const account = header.getByRole('navigation', { name: 'Account' }).getByRole('link');
        await expect(account).toHaveAccessibleName('Sign in');
        await expect(account).toHaveAttribute('href', '/passage');
        // The same links in the same places on every page (only the current page's is filled).
        const links = await headerLinks(page);
        first ??= links;
        expect(
          links.map(({ name, box }) => [name, box && Math.round(box.x), box && Math.round(box.width)]),
          path,
        ).toEqual(
          first.map(({ name, box }) => [name, box && Math.round(box.x), box && Math.round(box.width)]),
        );
      }
      if (width < 600) {
        // A phone gets the portfolio's grid: two rows of two buttons of one width.
        const widths = first!.slice(1, 5).map(({ box }) => Math.round(box!.width));
        expect(new Set(widths).size).toBe(1);
      }
    });

    test('/passage says what signing in gives, with the form centred between the header and the footer', async ({
      page,
    }) => {
      await page.goto('/passage');
      const widget = page.locator('passage-auth');
      await expect(widget.getByRole('button', { name: 'Continue' })).toBeVisible();
      const promise = page.getByRole('main').getByText(SIGN_IN_PROMISE);
      await expect(promise).toBeVisible();
      const card = await box(widget.locator('[part="container"]'));
      expect(Math.abs(card.x + card.width / 2 - width / 2)).toBeLessThanOrEqual(1);
      const header = await box(page.getByRole('banner'));
      const footer = await box(page.getByRole('contentinfo'));
      const above = (await box(promise)).y - (header.y + header.height);
      const below = footer.y - (card.y + card.height);
      expect(above).toBeGreaterThanOrEqual(24);
      expect(below).toBeGreaterThanOrEqual(24);
      expect(Math.abs(above - below)).toBeLessThanOrEqual(48);
    });
  });
}

test('the portfolio links to the sign-in page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/passage$/);
  await expect(page.locator('passage-auth').getByRole('button', { name: 'Continue' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign in' }),
  ).toHaveAttribute('aria-current', 'page');
});

test('signed out, /passageSuccess says so once and offers one way to sign in', async ({ page }) => {
  await page.goto('/passageSuccess');
  const main = page.getByRole('main');
  await expect(main.getByText('You are not signed in.')).toBeVisible();
  // Not said twice, in the profile's words too, nor "again" to someone who never signed in.
  await expect(page.getByText('No user is logged in.')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Sign in again' })).toBeHidden();
  await expect(page.getByText('Way to go!')).toHaveCount(0);
  await main.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/passage$/);
});

test('the sign-in form takes its button colour from the app’s configuration, not from the site', async ({
  page,
}) => {
  const configured = { background: '#B00020', text: '#FFFFFF' };
  // The demo app as the server describes it, with another primary colour configured.
  await page.route(
    (url) => url.pathname === '/v1/apps/opDemo7Kq2Lx9RmT4wYc6dHf',
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { app: Record<string, unknown> };
      body.app.element_customization = {
        passage_primary_button_background_color: configured.background,
        passage_primary_button_text_color: configured.text,
      };
      await route.fulfill({ response, json: body });
    },
  );
  await page.goto('/passage');
  const widget = page.locator('passage-auth');
  await expect(widget.getByRole('button', { name: 'Continue' })).toBeVisible();
  expect(await computed(widget, '[part~="primary-button"]', ['background-color', 'color'])).toEqual([
    'rgb(176, 0, 32)',
    'rgb(255, 255, 255)',
  ]);
});
