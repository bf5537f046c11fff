import { expect, type Page, test } from '@playwright/test';

const SECTIONS = [
  { button: 'Projects', id: 'Projects', heading: 'Highlighted Projects' },
  { button: 'Experience', id: 'Experience', heading: 'My Experience' },
  { button: 'About Me', id: 'AboutPage', heading: 'About Me' },
  { button: 'Contact', id: 'ContactPage', heading: 'Contact Me!' },
];

/** Records console errors, page errors and every request, so a test can assert none went elsewhere. */
function watch(page: Page) {
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => requests.push(request.url()));
  return { problems, requests };
}

test('/ arrives as prerendered HTML with the whole portfolio and its search and preview tags', async ({
  request,
}) => {
  const response = await request.get('/', { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  for (const text of [
    'Alex Rivera',
    'Highlighted Projects',
    'My Experience',
    'About Me',
    'Contact Me!',
    'Your Message',
  ]) {
    expect(html).toContain(text);
  }
  expect(html).toContain('Copyright © 2023 Alex Rivera');
  expect(html).toMatch(/<meta name="description" content="[^"]+"/);
  expect(html).toContain(
    '<meta property="og:image" content="https://portfolio.example.com/images/social-card.jpg"',
  );
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
  expect(html).toContain('"@type":"Person"');
  expect(html).toMatch(
    /<link rel="preload" href="\/assets\/work-sans-latin-400-normal-[^"]+\.woff2" as="font"/,
  );
  expect(html).not.toContain('<!--app-');
});

test('sitemap.xml, robots.txt, the favicon, the social card and the résumé are served', async ({
  request,
}) => {
  expect(await (await request.get('/sitemap.xml')).text()).toContain(
    '<loc>https://portfolio.example.com/</loc>',
  );
  expect(await (await request.get('/robots.txt')).text()).toContain(
    'Sitemap: https://portfolio.example.com/sitemap.xml',
  );
  for (const [path, type] of [
    ['/favicon.svg', 'image/svg+xml'],
    ['/images/social-card.jpg', 'image/jpeg'],
    ['/resume.pdf', 'application/pdf'],
    ['/images/gallery/12-thumb.svg', 'image/svg+xml'],
  ] as const) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type']).toContain(type);
  }
});

test('the page hydrates without errors, asks nothing of third parties and never loads the widget', async ({
  page,
  baseURL,
}) => {
  const { problems, requests } = watch(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Alex Rivera' })).toBeVisible();
  await page.getByRole('link', { name: 'Contact' }).click();
  await expect(page.getByLabel('Your Message')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
  const origin = new URL(baseURL ?? '').origin;
  expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  expect(requests.filter((url) => /PassagePage|passage-auth|open-passage/.test(url))).toEqual([]);
});

test('every nav button jumps to its section and moves focus to the heading', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Sections' });
  for (const section of SECTIONS) {
    await nav.getByRole('link', { name: section.button, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#${section.id}$`));
    const heading = page.getByRole('heading', { level: 2, name: section.heading });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
  }
});

test('each anchor also works as a direct link', async ({ page }) => {
  for (const section of SECTIONS) {
    // A link opened from elsewhere is a fresh load (a same-document hash change would start a second
    // smooth scroll while the first still runs, which Chromium resolves in favour of the first).
    await page.goto('about:blank');
    await page.goto(`/#${section.id}`);
    await expect(page.getByRole('heading', { level: 2, name: section.heading })).toBeInViewport();
    // At its place (its scroll-margin-top, 16 px, give or take a pixel of rounding), not merely on
    // screen: a load-time scroll aimed before the sections above took their real heights
    // (content-visibility) stopped 100 px past it.
    await expect
      .poll(
        () =>
          page.evaluate(
            (id) => Math.abs(document.getElementById(id)!.getBoundingClientRect().top - 16),
            section.id,
          ),
        { message: `${section.id}'s distance from its place` },
      )
      .toBeLessThanOrEqual(2);
  }
});

test('sections keep their prerendered height when their code arrives, so nothing below them moves', async ({
  page,
}) => {
  // Scrolls every section in and waits for each one's code: over 30 s on a loaded two-core machine.
  test.slow();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  // Drawn, not as estimated: a section the browser has not drawn yet (content-visibility: auto, below the
  // first screen) counts as its estimated height.
  const heights = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('main > section'), (s) => {
        s.style.contentVisibility = 'visible';
        const height = `${s.id}:${Math.round(s.clientHeight)}`;
        s.style.contentVisibility = '';
        return height;
      }),
    );
  const prerendered = await heights();
  for (const section of SECTIONS) {
    await page.locator(`#${section.id}`).scrollIntoViewIfNeeded();
  }
  await expect(page.locator('form[aria-label="Contact form"]')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('gallery-slot').locator('.image-gallery')).toBeVisible();
  expect(await heights()).toEqual(prerendered);
});

test('the skip link is the first stop of the keyboard and skips the navigation', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
});

test('the sections hold 4 projects, 4 experience entries, the about text and the footer line', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('#Projects article')).toHaveCount(4);
  await expect(page.locator('#Projects article').first().getByRole('listitem')).toHaveText([
    'React',
    'C#',
    'AWS',
  ]);
  await expect(page.locator('#Experience article')).toHaveCount(4);
  await expect(page.locator('#Experience')).toContainText('March 2023 - June 2023');
  await expect(page.locator('#AboutPage p')).toHaveCount(3);
  await expect(page.getByRole('contentinfo')).toHaveText('Copyright © 2023 Alex Rivera');
});

test('the nav buttons are outlined, #3D405B in the light scheme, and the font is Work Sans', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const button = page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Projects' });
  await expect(button).toHaveCSS('color', 'rgb(61, 64, 91)');
  await expect(button).toHaveCSS('border-top-style', 'solid');
  await expect(button).toHaveCSS('border-top-color', 'rgb(61, 64, 91)');
  await expect(button).toHaveCSS('font-family', /Work Sans/);
  expect(await page.evaluate(() => document.fonts.check('16px "Work Sans"'))).toBe(true);
});

test('the dark scheme follows the system from the first paint, with a readable accent', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(18, 18, 18)');
  const button = page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Projects' });
  await expect(button).toHaveCSS('color', 'rgb(165, 168, 194)');
});

test('the gallery loads near the viewport: 12 pictures with alt text, slides and thumbnails', async ({
  page,
}) => {
  const { requests } = watch(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(requests.filter((url) => url.includes('PhotoGallery'))).toEqual([]);

  await page.getByRole('link', { name: 'About Me' }).click();
  const thumbnails = page.getByRole('navigation', { name: 'Thumbnail Navigation' }).getByRole('button');
  await expect(thumbnails).toHaveCount(12);
  for (const image of await page.locator('#AboutPage img').all()) {
    expect(await image.getAttribute('alt')).toBeTruthy();
  }
  const active = page.locator('.image-gallery-thumbnail.active img');
  await expect(active).toHaveAttribute('alt', 'Show: Sunrise over the harbour');
  await page.getByRole('button', { name: 'Next Slide' }).click();
  await expect(active).toHaveAttribute('alt', 'Show: Pick-up game at the park court');
  await thumbnails.nth(5).click();
  await expect(active).toHaveAttribute('alt', 'Show: Whiteboard sketch of a system design');
});

test('arrow keys pressed elsewhere scroll the page, not the gallery', async ({ page }) => {
  await page.goto('/#AboutPage');
  const active = page.locator('.image-gallery-thumbnail.active img');
  await expect(active).toHaveAttribute('alt', 'Show: Sunrise over the harbour');
  await page.getByRole('heading', { name: 'About Me', level: 2 }).click();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(active).toHaveAttribute('alt', 'Show: Sunrise over the harbour');
});

test('reduced motion is respected: no smooth scrolling, and the gallery changes slides at once', async ({
  page,
}) => {
  for (const [reducedMotion, slideMs] of [
    ['no-preference', '450ms'],
    ['reduce', '0ms'],
  ] as const) {
    await page.emulateMedia({ reducedMotion });
    await page.goto('/');
    // The page scrolls instantly by default (a link opened from elsewhere lands at once); only the nav asks
    // for a smooth scroll, per jump.
    const html = await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior);
    expect(html, reducedMotion).toBe('auto');
    // A nav jump: instant (the heading is at the top within the same task) only under reduced motion.
    const topRightAfterClick = await page.evaluate(() => {
      document.querySelector<HTMLElement>('nav[aria-label="Sections"] a[href="#AboutPage"]')?.click();
      return Math.round(document.getElementById('AboutPage')?.getBoundingClientRect().top ?? -1);
    });
    if (reducedMotion === 'reduce')
      expect(topRightAfterClick).toBe(16); // its scroll-margin-top
    else expect(topRightAfterClick).toBeGreaterThan(100);
    await page.getByRole('button', { name: 'Next Slide' }).click();
    // The duration the gallery itself sets (the stylesheet also cuts transitions under reduced motion).
    const thumbnails = page.locator('.image-gallery-thumbnails-container');
    await expect(thumbnails).toHaveAttribute('style', /transition/);
    expect(await thumbnails.evaluate((el) => (el as HTMLElement).style.transitionDuration)).toBe(slideMs);
  }
});
