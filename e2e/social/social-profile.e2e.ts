import { accounts, continueWith, currentUser, expect, signOutHere, test } from './social-test';

/** The profile's sign-in accounts in Chromium: Connect through the provider and back, Remove, refusals. */
test.beforeEach(({ providers }) => providers.reset());

test('links GitHub from the profile, removes it, and refuses to remove the last way in', async ({
  page,
  server,
  providers,
}) => {
  const person = providers.google.user;
  await continueWith(page, server.url, 'Google');
  const section = accounts(page);
  await expect(section.locator('[part~="social-row-google"]')).toContainText(`Connected as ${person.email}`);
  await expect(section.locator('[part~="social-row-github"]')).toContainText('Not connected');

  await section.getByRole('button', { name: 'Connect GitHub' }).click();
  await page.waitForURL(`${server.url}/passageSuccess`);
  await expect(section.locator('[part~="status"]')).toHaveText('GitHub connected.');
  await expect(section.locator('[part~="social-row-github"]')).toContainText('Connected as');
  expect(new URL(page.url()).search).toBe('');
  const user = await currentUser(page, server.url);
  expect(Object.keys(user.social_connections).sort()).toEqual(['github', 'google']);

  await section.getByRole('button', { name: 'Remove GitHub' }).click();
  await expect(section.locator('[part~="status"]')).toHaveText('GitHub removed.');
  await expect(section.locator('[part~="social-row-github"]')).toContainText('Not connected');

  // Google is now the only way to sign in to this account (the app has no fallback, no passkey here).
  await section.getByRole('button', { name: 'Remove Google' }).click();
  await expect(section.locator('[part~="alert"]')).toContainText('Failed to remove this account.');
  await expect(section.locator('[part~="social-row-google"]')).toContainText('Connected as');
});

test('says so in the section when the provider account belongs to another user', async ({
  page,
  server,
  providers,
}) => {
  const other = providers.github.user;
  await continueWith(page, server.url, 'GitHub');
  await signOutHere(page);
  await continueWith(page, server.url, 'Google');
  providers.github.user = other;
  const section = accounts(page);
  await section.getByRole('button', { name: 'Connect GitHub' }).click();
  await page.waitForURL(`${server.url}/passageSuccess`);
  await expect(section.locator('[part~="alert"]')).toHaveText(
    'This GitHub account is already connected to another user.',
  );
  await expect(section.locator('[part~="social-row-github"]')).toContainText('Not connected');
});
