import { readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

// The panel on a page of the package's own files (the elements' www build and the panel's bundle, as a
// page using `open-passage/debug-panel` gets them), with two elements: a picker chooses the target.
const root = fileURLToPath(new URL('../../', import.meta.url));
const ORIGIN = 'http://panel.localhost';
const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Two elements</title>
<script type="module" src="/build/open-passage.esm.js"></script>
<script type="module" src="/debug-panel.js?attach"></script></head>
<body><main><h1>Two elements</h1>
<passage-login id="login" app-id="unknownApp" api-url="${ORIGIN}/api"></passage-login>
<passage-profile id="account" app-id="unknownApp" api-url="${ORIGIN}/api"></passage-profile></main></body></html>`;

test('with two elements the panel offers a picker, and each element its own views', async ({ page: tab }) => {
  await tab.route(`${ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/') return route.fulfill({ contentType: 'text/html', body: page });
    const file =
      path === '/debug-panel.js'
        ? join(root, 'dist/debug-panel/index.js')
        : normalize(join(root, 'www', path));
    try {
      return route.fulfill({ contentType: 'text/javascript', body: readFileSync(file) });
    } catch {
      return route.fulfill({ status: 404 });
    }
  });
  await tab.setViewportSize({ width: 1280, height: 900 });
  await tab.goto(`${ORIGIN}/`);
  const panel = tab.locator('passage-debug-panel');
  // Two elements may leave no corner free, so the panel may collapse itself once they load; a toggle by
  // the user stops that (this test is about the picker, not the placement).
  const toggle = panel.getByRole('button', { name: /^(Expand|Collapse)$/ });
  if ((await toggle.textContent()) === 'Collapse') await toggle.click();
  await panel.getByRole('button', { name: 'Expand' }).click();
  const picker = panel.getByLabel('Element');
  await expect(picker.locator('option')).toHaveText(['<passage-login> #login', '<passage-profile> #account']);
  const view = panel.getByLabel('View', { exact: true });
  await expect(view.locator('option', { hasText: /^One-time code$/ })).toHaveCount(1);
  await view.selectOption({ label: 'Magic link: waiting' });
  await expect(tab.locator('passage-login [part~="view-magic-link-sent"]')).toBeVisible();

  await picker.selectOption({ label: '<passage-profile> #account' });
  await expect(view.locator('option', { hasText: /^One-time code/ })).toHaveCount(0);
  await view.selectOption({ label: 'Profile: editing the email' });
  await expect(tab.locator('passage-profile #identifier-email')).toBeFocused();
  // The sign-in element keeps what it was showing.
  await expect(tab.locator('passage-login [part~="view-magic-link-sent"]')).toBeVisible();
});
