import { expect, test } from '@playwright/test';
import { DEMO_APP } from './auth/support';

test('the /passage route shows the identifier form under the login title', async ({ page }) => {
  await page.goto('/passage');
  const widget = page.locator('passage-auth');
  await expect(widget).toHaveAttribute('app-id', DEMO_APP);
  await expect(widget.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(widget.getByLabel('Email address')).toBeVisible();
  await expect(widget.getByRole('button', { name: 'Continue' })).toBeVisible();
});

test('a wrong app id shows the invalid-app-id notice', async ({ page }) => {
  await page.goto('/passage');
  const widget = page.locator('passage-auth');
  await expect(widget.getByRole('button', { name: 'Continue' })).toBeVisible();
  await widget.evaluate((el) => {
    (el as HTMLElement & { appId: string }).appId = 'noSuchApp000000000000000';
  });
  await expect(widget.getByRole('alert')).toHaveText('This app ID is invalid.');
  await expect(widget.getByRole('button', { name: 'Continue' })).toHaveCount(0);
});
