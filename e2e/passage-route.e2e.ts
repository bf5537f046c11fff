import { expect, test } from '@playwright/test';
import { DEMO_APP } from './auth/support';

test('the /passage route shows the identifier form under the login title', async ({ page }) => {
  await page.goto('/passage');
  const widget = page.locator('passage-auth');
  await expect(widget).toHaveAttribute('app-id', DEMO_APP);
  await expect(widget.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(widget.getByLabel('Email address')).toBeVisible();
  await expect(widget.getByRole('button', { name: 'Continue' })).toBeVisible();
});

test('a wrong app id shows the notice that names it', async ({ page }) => {
  await page.goto('/passage');
  const widget = page.locator('passage-auth');
  await expect(widget.getByRole('button', { name: 'Continue' })).toBeVisible();
  await widget.evaluate((el) => {
    (el as HTMLElement & { appId: string }).appId = 'noSuchApp000000000000000';
  });
  const origin = new URL(page.url()).origin;
  await expect(widget.getByRole('alert')).toHaveText(
    `The identity server at ${origin} has no app with the ID “noSuchApp000000000000000”. Check the app-id attribute.`,
  );
  await expect(widget.getByRole('button', { name: 'Continue' })).toHaveCount(0);
});
