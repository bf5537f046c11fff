import { expect, type Page, test } from '@playwright/test';
import { openPreview, showView } from './preview-page';
import { VIEW_SAMPLES } from '../../src/dev/view-samples';
import { computed } from '../support/computed-style';
import { recordViolations } from '../support/csp-violations';

/** What a security-conscious site sends: no inline styles, no inline scripts. */
const STRICT = "default-src 'self'; style-src 'self'";

/** The theme's defaults (docs/theming.md), as computed styles. */
const FONT = 'Helvetica, Arial, sans-serif';
const PRIMARY_BACKGROUND = 'rgb(18, 18, 18)';
const WHITE = 'rgb(255, 255, 255)';

const preview = (page: Page) => page.locator('passage-view-preview');

test('the elements are styled under a policy without style-src unsafe-inline, and break no rule of it', async ({
  page,
}) => {
  const violations = await recordViolations(page);
  // The profile beside the preview: with no API behind it (404), it shows the app id as invalid, in its theme.
  await openPreview(page, {
    csp: STRICT,
    axe: false,
    more: '<passage-profile app-id="cspProfileApp00000000001" api-url="/no-api"></passage-profile>',
  });

  // First render (the identifier form): the theme's font and primary button, not the browser's.
  await showView(page, { state: VIEW_SAMPLES['identifier-login-email'] });
  expect(await computed(preview(page), '.container', ['font-family', 'background-color'])).toEqual([
    FONT,
    WHITE,
  ]);
  expect(
    await computed(preview(page), '[part~="primary-button"]', ['background-color', 'font-family']),
  ).toEqual([PRIMARY_BACKGROUND, FONT]);

  // A view from the lazily loaded chunk, with its own rules (the code boxes).
  await showView(page, { state: VIEW_SAMPLES['one-time-code'] });
  expect(await computed(preview(page), '.otp', ['display', 'justify-content'])).toEqual(['flex', 'center']);

  // The metadata grid and the country dropdown bring rules of their own too.
  await showView(page, { state: VIEW_SAMPLES['identifier-register-metadata'] });
  expect(await computed(preview(page), '[part~="metadata-grid"]', ['display'])).toEqual(['grid']);
  await showView(page, { state: VIEW_SAMPLES['identifier-phone'] });
  expect(await computed(preview(page), '.dropdown-list', ['position'])).toEqual(['absolute']);

  // The app's customization is set through CSSOM: it applies under the policy too.
  await showView(page, {
    state: VIEW_SAMPLES['identifier-login-email'],
    customization: { passage_primary_button_background_color: '#0000ff' },
  });
  expect(await computed(preview(page), '[part~="primary-button"]', ['background-color'])).toEqual([
    'rgb(0, 0, 255)',
  ]);

  // The profile's own stylesheet and its element CSS (styleUrl, adopted by Stencil's runtime).
  const profile = page.locator('passage-profile');
  // Its api-url answers 404 pages, not the API's answers.
  await expect(profile.getByRole('alert')).toContainText('No identity server answered at');
  expect(await computed(profile, '.container', ['font-family', 'max-width'])).toEqual([FONT, '600px']);
  expect(await profile.evaluate((el) => getComputedStyle(el).display)).toBe('block');

  expect(violations).toEqual([]);
});

test('without constructable stylesheets, the <style> fallback takes the nonce of <meta name="csp-nonce">', async ({
  page,
}) => {
  const violations = await recordViolations(page);
  // An older browser: no CSSStyleSheet#replaceSync, so neither the views nor Stencil can adopt sheets.
  await page.addInitScript(() => {
    delete (CSSStyleSheet.prototype as Partial<CSSStyleSheet>).replaceSync;
  });
  await openPreview(page, {
    csp: `${STRICT} 'nonce-e2eNonce123'`,
    axe: false,
    head: '<meta name="csp-nonce" content="e2eNonce123">',
    more: '<passage-profile app-id="cspProfileApp00000000001" api-url="/no-api"></passage-profile>',
  });
  await showView(page, { state: VIEW_SAMPLES['one-time-code'] });
  expect(await computed(preview(page), '.container', ['font-family'])).toEqual([FONT]);
  expect(await computed(preview(page), '.otp', ['display'])).toEqual(['flex']);
  expect(await preview(page).evaluate((el) => el.shadowRoot?.adoptedStyleSheets.length)).toBe(0);
  const profile = page.locator('passage-profile');
  await expect(profile.getByRole('alert')).toContainText('No identity server answered at');
  expect(await computed(profile, '.container', ['font-family'])).toEqual([FONT]);
  expect(await profile.evaluate((el) => getComputedStyle(el).display)).toBe('block');
  expect(violations).toEqual([]);
});
