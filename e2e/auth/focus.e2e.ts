import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { DEMO_APP, widget, withoutPasskeys } from './support';

const root = fileURLToPath(new URL('../../', import.meta.url));

test('the widget leaves the focus where the page put it until the visitor acts in it', async ({ page }) => {
  await withoutPasskeys(page);
  // A host page whose own search box takes focus on load, with the widget (www/build) below it.
  await page.route('**/e2e-focus/**', (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop()!;
    return route.fulfill({ path: join(root, 'www/build', name), contentType: 'text/javascript' });
  });
  await page.route('**/e2e-focus.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>focus</title>
<script type="module" src="/e2e-focus/open-passage.esm.js"></script></head>
<body><main><input autofocus aria-label="Search the site"><passage-auth app-id="${DEMO_APP}"></passage-auth></main></body></html>`,
    }),
  );
  await page.goto('/e2e-focus.html');
  const search = page.getByLabel('Search the site');
  const el = widget(page);
  await expect(el.getByLabel('Email address', { exact: true })).toBeVisible();
  // The loading view gave way to the form: that is still the widget's first view, which takes no focus.
  await page.waitForTimeout(500);
  await expect(search).toBeFocused();

  // A view the visitor asks for does take focus, as before.
  await el.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(el.getByRole('heading', { name: 'Register' })).toBeVisible();
  await expect(el.getByLabel('Email address', { exact: true })).toBeFocused();
});
