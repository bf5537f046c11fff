import { expect, type Page, test } from '@playwright/test';
import { computed } from '../support/computed-style';
import { recordViolations } from '../support/csp-violations';

// The demo site under the server's own policy: `style-src 'self' 'nonce-…'`, no 'unsafe-inline' (docs/demo.md).

const PAGES = ['/', '/passage', '/passageSuccess', '/no/such/page'];
/** The theme's font (demo/src/theme/theme.ts) and its primary colour #3D405B on a light page. */
const FONT = '"Work Sans", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const ACCENT = 'rgb(61, 64, 91)';

/** The policy's directives, by name. */
const directives = (csp: string) =>
  new Map(csp.split(/;\s*/).map((d) => [d.split(' ')[0]!, d.split(' ').slice(1).join(' ')]));

test('every page answer has a policy without unsafe-inline and a nonce of its own, the one in its HTML', async ({
  request,
}) => {
  const nonces = new Set<string>();
  for (const path of [...PAGES, '/']) {
    const res = await request.get(path, { headers: { accept: 'text/html' } });
    const csp = res.headers()['content-security-policy'] ?? '';
    expect(csp, path).not.toContain('unsafe-inline');
    expect(directives(csp).get('script-src'), path).toBe("'self'");
    const nonce = /^'self' 'nonce-([A-Za-z0-9+/]{22}==)'$/.exec(directives(csp).get('style-src') ?? '')?.[1];
    expect(nonce, `${path}: ${csp}`).toBeTruthy();
    // The elements and Emotion read it from the meta tag.
    expect(await res.text(), path).toContain(`<meta name="csp-nonce" content="${nonce}" />`);
    nonces.add(nonce!);
  }
  expect(nonces.size).toBe(PAGES.length + 1);
});

/** Scrolls through the portfolio so every lazily hydrated section loads its code (and inserts its styles). */
async function loadEverySection(page: Page) {
  for (const id of ['Projects', 'Experience', 'AboutPage', 'ContactPage']) {
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  }
  await expect(page.locator('form[aria-label="Contact form"]')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('gallery-slot').locator('.image-gallery')).toBeVisible();
}

test('the portfolio is styled by MUI, prerendered and at run time, and breaks no rule of the policy', async ({
  page,
}) => {
  const violations = await recordViolations(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  // Prerendered styles (the nonce'd <style> in the head): the theme's font and the nav's outlined links.
  await expect(page.locator('body')).toHaveCSS('font-family', FONT);
  const navLink = page.getByRole('navigation', { name: 'Sections' }).getByRole('link').first();
  await expect(navLink).toHaveCSS('border-top-color', ACCENT);
  await loadEverySection(page);
  // Styles Emotion inserts once the contact form's code arrives: MUI's contained button.
  const send = page.getByRole('button', { name: 'Send' });
  await expect(send).toHaveCSS('background-color', ACCENT);
  await expect(send).toHaveCSS('font-weight', '600');
  // The message field has no hidden twin left visible (MUI's auto-sizing one needs a style attribute).
  await expect(page.locator('#ContactPage textarea')).toHaveCount(3);
  // A one-line field still grows with its text, by CSS (field-sizing) instead.
  const name = page.locator('#contact-senderName');
  const oneLine = (await name.boundingBox())!.height;
  await name.fill('first line\nsecond line\nthird line');
  expect((await name.boundingBox())!.height).toBeGreaterThan(oneLine * 2.5);
  expect(violations).toEqual([]);
});

test('the sign-in page, the page after it and the error page break no rule of the policy', async ({
  page,
}) => {
  const violations = await recordViolations(page);
  await page.goto('/passage');
  const widget = page.locator('passage-auth');
  await expect(widget.getByRole('button', { name: 'Continue' })).toBeVisible();
  const [background] = await computed(widget, '[part~="primary-button"]', ['background-color']);
  expect(background).not.toBe('rgba(0, 0, 0, 0)');
  await page.goto('/passageSuccess');
  await expect(page.getByText('You are not signed in.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
  // The pages' MUI styles, which Emotion inserts at run time with the nonce.
  await expect(page.getByRole('link', { name: 'Back to the portfolio' })).toHaveCSS(
    'border-top-color',
    ACCENT,
  );
  expect(violations).toEqual([]);
});
