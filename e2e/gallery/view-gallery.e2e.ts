import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import { startServer } from '../../test-support/start-server.mjs';
import { startSmtpSink } from '../../server/test/support/smtp-sink';
import { recordViolations } from '../support/csp-violations';
import type { AxeViolation } from '../views/preview-page';
import { figures, LANGUAGES, THEMES, VIEWS, openGallery } from './gallery-page';

/**
 * The view gallery at /dev/views, served by the real server in development (e2e/support/global-setup.ts),
 * and its visual regression tests: a screenshot of every view in each theme and language, compared with
 * the baselines in view-gallery.e2e.ts-snapshots/. After a deliberate change to how a view looks, update
 * them with `npx playwright test e2e/gallery --update-snapshots` and review the images in the diff
 * (docs/view-gallery.md).
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const LANGUAGE_NAMES = { en: 'English', ar: 'Arabic' } as const;
const SECTION_LABELS = {
  light: { en: 'Light, English (left to right)', ar: 'Light, Arabic (right to left)' },
  dark: { en: 'Dark, English (left to right)', ar: 'Dark, Arabic (right to left)' },
} as const;

const SCREENSHOT = {
  // Spinners stop, fades end; no caret.
  animations: 'disabled',
  caret: 'hide',
  scale: 'css',
  // A few pixels of text edges may move with anti-aliasing; one view's changed icon colour is ~300 pixels.
  maxDiffPixels: 100,
} as const;

/** Views with nothing to press: the flow leaves them by itself (loading, then signed in), or only the
 * host can (an element without an app id restarts when `app-id` is set; a button could not help). */
const LEFT_BY_THE_FLOW = ['loading', 'invalid-app-id', 'activation-loading', 'success', 'profile-loading'];

test.describe('the view gallery in development', () => {
  // One page for every test (loading a hundred views takes seconds); the tests only read it.
  let page: Page;
  const errors: string[] = [];
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(60_000);
    page = await browser.newPage({
      baseURL: process.env.E2E_BASE_URL,
      viewport: { width: 1280, height: 800 },
      deviceScaleFactor: 1,
      // The profile's dates are formatted in the browser's time zone.
      timezoneId: 'UTC',
      reducedMotion: 'reduce',
      colorScheme: 'light',
    });
    errors.push(...(await recordViolations(page)));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/dev/views');
    await openGallery(page);
    // The server's strict policy applies: no inline script or style.
    expect((await answer).headers()['content-security-policy']).toMatch(
      /script-src 'self';.*style-src 'self'/,
    );
  });
  test.afterAll(() => page.close());

  test('/dev/views shows every view in light and dark, English and Arabic, labelled, with no console error and no axe violation', async () => {
    // Each section: its label, then every view labelled with its name, theme and language, shown in them.
    const expected = THEMES.flatMap((theme) =>
      LANGUAGES.flatMap((language) =>
        VIEWS.map(({ id, label }) => ({
          section: SECTION_LABELS[theme][language],
          view: id,
          caption: `${label} ${theme}, ${LANGUAGE_NAMES[language]}`,
          theme,
          lang: language,
          shown: true,
        })),
      ),
    );
    expect(await figures(page)).toEqual(expected);

    // axe from Playwright's side (an injected script would break the page's policy). One rule is off:
    // landmark-unique, as the page shows the profile's regions ("Sign-in details", …) once per scene, theme
    // and language; a page with one profile has each once (e2e/profile checks it with every rule).
    await page.evaluate(axeSource);
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as { axe: { run(options: object): Promise<{ violations: AxeViolation[] }> } }
      ).axe;
      const result = await axe.run({ rules: { 'landmark-unique': { enabled: false } } });
      return result.violations.map(
        (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`,
      );
    });
    expect(violations).toEqual([]);
    // Nothing failed to load, threw, or broke the policy (recorded since the page opened).
    expect(errors).toEqual([]);
  });

  test('every view offers a way on: a button, link or input the visitor can use', async () => {
    // A view with none is a dead end: only a reload gets the visitor out. Views the flow leaves by itself
    // (a spinner while something loads, the success screen while the host navigates) are the exceptions.
    const withoutControl = await page.evaluate(() => {
      const gallery = document.querySelector('passage-view-gallery')?.shadowRoot;
      const usable =
        'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea';
      return [...(gallery?.querySelectorAll<HTMLElement>('figure[data-view]') ?? [])]
        .filter((figure) => {
          const root = figure.querySelector('passage-profile, passage-view-preview')?.shadowRoot;
          return !root?.querySelector(usable);
        })
        .map((figure) => figure.dataset.view ?? '');
    });
    expect([...new Set(withoutControl)]).toEqual(LEFT_BY_THE_FLOW);
  });

  // One screenshot per labelled section (every view in one theme and language): an element screenshot
  // per view would take a hundred captures, several times longer. The diff image marks the views that moved.
  for (const theme of THEMES) {
    for (const language of LANGUAGES) {
      test(`every view looks as its baseline: ${SECTION_LABELS[theme][language]}`, async () => {
        const section = page.locator(`section[data-theme="${theme}"][data-language="${language}"]`);
        await expect(section).toHaveScreenshot(`${theme}-${language}.png`, SCREENSHOT);
      });
    }
  }
});

test('/dev/views answers 404 outside development mode (NODE_ENV=production)', async ({ request }) => {
  const mail = await startSmtpSink();
  const production = await startServer({ NODE_ENV: 'production', DEV_MODE: 'false', SMTP_URL: mail.url });
  try {
    for (const path of ['/dev/views', '/dev/build/open-passage.esm.js']) {
      expect((await request.get(`${production.url}${path}`)).status(), path).toBe(404);
    }
    // The same page on the development server the other tests use (so this test can fail).
    expect((await request.get('/dev/views')).status()).toBe(200);
  } finally {
    await production.stop();
    await mail.stop();
  }
});
