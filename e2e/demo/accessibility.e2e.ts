import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';

// axe is injected as an inline script, which the site's CSP rightly forbids.
test.use({ bypassCSP: true });

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeResult {
  violations: { id: string; help: string; nodes: { target: string[] }[] }[];
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run: (options: object) => Promise<AxeResult> } }).axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    }),
  );
  return result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the portfolio passes axe (WCAG 2.1 AA, contrast included) in the ${colorScheme} scheme`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await page.goto('/');
    // Bring the lazy parts in, so they are checked too.
    await page.getByRole('link', { name: 'About Me' }).click();
    await expect(page.getByRole('navigation', { name: 'Thumbnail Navigation' })).toBeVisible();
    await page.getByRole('link', { name: 'Contact' }).click();
    await expect(page.locator('form[data-ready="true"]')).toBeAttached();
    expect(await axeViolations(page)).toEqual([]);
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the sign-in page, the page after it and the error page pass axe in the ${colorScheme} scheme`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    for (const [path, ready] of [
      ['/passage', page.locator('passage-auth').getByRole('button', { name: 'Continue' })],
      ['/passageSuccess', page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true })],
      ['/no/such/page', page.getByRole('heading', { name: 'Oops!' })],
    ] as const) {
      await page.goto(path);
      await expect(ready).toBeVisible();
      expect(await axeViolations(page), path).toEqual([]);
    }
  });
}
