import { addVirtualAuthenticator } from './support/passkeys';
import { expect, freshEmail, gapBelow, openProfile, test } from './support/profile-test';

/**
 * A confirmation shows beside the control that caused it, in a polite live region that section holds
 * from the start (so it is announced), not at the end of a long profile.
 */

test('"Saved." shows under the personal info\'s buttons, announced from a live region already there', async ({
  page,
  server,
  api,
}) => {
  const user = await api.signUp(freshEmail('saved'));
  const profile = await openProfile(page, server.url, user);
  const section = profile.locator('[part~="metadata"]');
  const status = section.locator('[part~="status"]');
  await expect(status).toHaveAttribute('aria-live', 'polite');
  await expect(status).toHaveText('');
  // In the accessibility tree while empty, or a screen reader may not announce what fills it.
  await expect(status).not.toHaveCSS('display', 'none');

  await section.getByRole('button', { name: 'Edit Personal info' }).click();
  await section.getByLabel('Full name', { exact: true }).fill('Ann Example');
  await section.getByLabel('Birthday', { exact: true }).fill('1990-02-28');
  await section.getByLabel('Pets', { exact: true }).fill('2');
  await section.getByLabel('Mobile', { exact: true }).fill('(201) 555-0123');
  await section.getByLabel('Work email', { exact: true }).fill('ann@work.example');
  await section.getByRole('button', { name: 'Save' }).click();

  await expect(status).toHaveText('Saved.');
  await expect(profile.getByText('Saved.')).toHaveCount(1);
  const gap = await gapBelow(section.getByRole('button', { name: 'Edit Personal info' }), status);
  expect(gap).toBeGreaterThanOrEqual(0);
  expect(gap).toBeLessThan(24);
});

test('"Passkey added." shows under Add passkey, announced from a live region already there', async ({
  page,
  server,
  api,
}) => {
  const user = await api.signUp(freshEmail('added'));
  await addVirtualAuthenticator(page);
  const profile = await openProfile(page, server.url, user);
  const section = profile.locator('[part~="devices"]');
  const status = section.locator('[part~="status"]');
  await expect(status).toHaveAttribute('aria-live', 'polite');
  await expect(status).toHaveText('');
  // In the accessibility tree while empty, or a screen reader may not announce what fills it.
  await expect(status).not.toHaveCSS('display', 'none');

  const add = section.getByRole('button', { name: 'Add passkey' });
  await add.click();

  await expect(status).toHaveText('Passkey added.');
  await expect(profile.getByText('Passkey added.')).toHaveCount(1);
  const gap = await gapBelow(add, status);
  expect(gap).toBeGreaterThanOrEqual(0);
  expect(gap).toBeLessThan(24);
});
