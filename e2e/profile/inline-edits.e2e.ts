import type { Locator } from '@playwright/test';
import { addPasskeysViaApi, addVirtualAuthenticator } from './support/passkeys';
import { expect, freshEmail, openProfile, test } from './support/profile-test';

/** The text of the control focused inside the profile, or null when focus left it. */
const focusedText = (profile: Locator) =>
  profile.evaluate((el) => el.shadowRoot?.activeElement?.textContent ?? null);

test('Escape cancels each inline edit and gives focus back to its Edit button', async ({
  page,
  server,
  api,
}) => {
  const user = await api.signUp(freshEmail('escape'));
  await addPasskeysViaApi(api, user, 1);
  const profile = await openProfile(page, server.url, user);

  await profile.getByRole('button', { name: 'Edit Email address' }).click();
  const email = profile.getByLabel('Email address', { exact: true });
  await expect(email).toBeFocused();
  // Email addresses read left to right whatever the page's language.
  await expect(email).toHaveAttribute('dir', 'ltr');
  await email.fill('changed@example.com');
  await email.press('Escape');
  await expect(email).toHaveCount(0);
  await expect(profile.getByText(user.email)).toBeVisible();
  await expect(profile.getByRole('button', { name: 'Edit Email address' })).toBeFocused();

  await profile.getByRole('button', { name: 'Edit Personal info' }).click();
  const name = profile.getByLabel('Full name', { exact: true });
  await expect(name).toBeEnabled();
  await name.press('Escape');
  await expect(name).toBeDisabled();

  await profile.getByRole('button', { name: 'Rename Passkey 1' }).click();
  const rename = profile.getByLabel('New name for Passkey 1');
  await rename.fill('Work laptop');
  await rename.press('Escape');
  await expect(rename).toHaveCount(0);
  await expect(profile.locator('tbody tr').first()).toContainText('Passkey 1');
});

test('"Add passkey" keeps the focus while the passkey is added', async ({ page, server, api }) => {
  const user = await api.signUp(freshEmail('add-focus'));
  await addVirtualAuthenticator(page);
  const profile = await openProfile(page, server.url, user);
  // Hold the ceremony's first request so the "adding" state can be looked at.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/currentuser/devices/start', async (route) => {
    await held;
    await route.continue();
  });
  const add = profile.getByRole('button', { name: 'Add passkey' });
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(add).toHaveAttribute('aria-disabled', 'true');
  expect(await focusedText(profile)).toBe('Add passkey');
  release();
  await expect(profile.getByText('Passkey added.')).toBeVisible();
  expect(await focusedText(profile)).toBe('Add passkey');
});

test('at 390 px the passkeys table keeps each date on one line', async ({ page, server, api }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await api.signUp(freshEmail('narrow'));
  await addPasskeysViaApi(api, user, 1);
  const profile = await openProfile(page, server.url, user);
  const row = profile.locator('tbody tr').first();
  await expect(row).toBeVisible();
  const lineHeights = await row.locator('td.date').evaluateAll((cells) =>
    cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return range.getClientRects().length;
    }),
  );
  expect(lineHeights).toEqual([1, 1]);
  // And the table fits: no sideways scrolling.
  const scroll = profile.locator('.table-scroll');
  expect(await scroll.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
});
