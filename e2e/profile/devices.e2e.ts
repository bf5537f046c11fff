import type { Locator, Page } from '@playwright/test';
import { addPasskeysViaApi, addVirtualAuthenticator } from './support/passkeys';
import { APP_ID } from './support/profile-apps';
import { changes, expect, freshEmail, openProfile, test } from './support/profile-test';

const DEVICES = `/v1/apps/${APP_ID}/currentuser/devices`;

const rows = (profile: Locator) => profile.locator('tbody tr');

/** The text of the focused control when it is inside the profile's open dialog, otherwise null. */
const focusedInDialog = (profile: Locator) =>
  profile.evaluate((el) => {
    const active = el.shadowRoot?.activeElement;
    return active?.closest('dialog[open]') ? (active.textContent ?? '') : null;
  });

/**
 * Presses Tab, then Shift+Tab, more times than the dialog has controls, and checks after each press
 * that focus went to the next (previous) control of the dialog, wrapping around, never leaving it.
 */
async function expectFocusTrapped(page: Page, profile: Locator, controls: string[]) {
  const start = controls.indexOf((await focusedInDialog(profile)) ?? '');
  expect(start, 'focus starts inside the dialog').toBeGreaterThanOrEqual(0);
  let at = start;
  for (const [key, step] of [
    ['Tab', 1],
    ['Shift+Tab', -1],
  ] as const) {
    for (let press = 0; press < controls.length * 2 + 1; press++) {
      await page.keyboard.press(key);
      at = (at + step + controls.length) % controls.length;
      expect(await focusedInDialog(profile), `${key} #${press + 1}`).toBe(controls[at]);
    }
  }
}

test('adding a passkey with the browser marks it as this device; a failed add says so', async ({
  page,
  server,
  api,
}) => {
  const user = await api.signUp(freshEmail('add'));
  await addVirtualAuthenticator(page);
  const profile = await openProfile(page, server.url, user);
  await profile.getByRole('button', { name: 'Add passkey' }).click();
  await expect(profile.getByText('Passkey added.')).toBeVisible();
  await expect(rows(profile)).toHaveCount(1);
  await expect(rows(profile).first().getByText('Current device')).toBeVisible();
  expect(await changes(page)).toContainEqual(expect.objectContaining({ type: 'device-added' }));

  await page.route('**/currentuser/devices/finish', (route) => route.abort('connectionreset'));
  await profile.getByRole('button', { name: 'Add passkey' }).click();
  await expect(profile.getByRole('alert')).toContainText('Failed to add a passkey.');
  await expect(rows(profile)).toHaveCount(1);
});

test('renaming a passkey: an empty name is refused, a new one is saved', async ({ page, server, api }) => {
  const user = await api.signUp(freshEmail('rename'));
  await addPasskeysViaApi(api, user, 1);
  const profile = await openProfile(page, server.url, user);
  await profile.getByRole('button', { name: 'Rename Passkey 1' }).click();
  const input = profile.getByLabel('New name for Passkey 1');
  await expect(input).toBeFocused();
  await input.fill('   ');
  await input.press('Enter');
  await expect(profile.getByText('Name is required.')).toBeVisible();
  await input.fill('Work laptop');
  await input.press('Enter');
  await expect(profile.getByText('Passkey renamed.')).toBeVisible();
  await expect(rows(profile).first()).toContainText('Work laptop');
  const listed = await api.call<{ devices: { friendly_name: string }[] }>(
    'GET',
    DEVICES,
    undefined,
    user.authToken,
  );
  expect(listed.body.devices.map((d) => d.friendly_name)).toEqual(['Work laptop']);
  expect(await changes(page)).toContainEqual(expect.objectContaining({ type: 'device-renamed' }));
});

test('an empty rename and a delete without an id give clear errors', async ({ page, server, api }) => {
  const user = await api.signUp(freshEmail('errors'));
  const [id] = await addPasskeysViaApi(api, user, 1);
  const profile = await openProfile(page, server.url, user);
  await profile.evaluate(
    (el, deviceId) =>
      (el as HTMLElement & { renameDevice(i: string, n: string): Promise<void> }).renameDevice(deviceId, ''),
    id,
  );
  await expect(profile.getByRole('alert')).toHaveText(
    'Failed to rename this passkey. Renaming a passkey needs its id and a new name.',
  );
  await profile.evaluate((el) =>
    (el as HTMLElement & { deleteDevice(i: string): Promise<void> }).deleteDevice(''),
  );
  await expect(profile.getByRole('alert')).toHaveText(
    'Failed to delete this passkey. Deleting a passkey needs its id.',
  );
  await expect(rows(profile)).toHaveCount(1);
  expect(await changes(page)).toContainEqual({
    type: 'error',
    action: 'delete-device',
    message: 'Failed to delete this passkey. Deleting a passkey needs its id.',
  });

  // The server makes the same refusals to any client: 400 for an empty body, 404 without an id.
  const empty = await api.call<{ code: string; error: string }>(
    'PATCH',
    `${DEVICES}/${id}`,
    { friendly_name: '' },
    user.authToken,
  );
  expect(empty.status).toBe(400);
  expect(empty.body.error).toBeTruthy();
  const noId = await api.call<{ code: string; error: string }>(
    'DELETE',
    `${DEVICES}/`,
    undefined,
    user.authToken,
  );
  expect(noId.status).toBe(404);
  expect(noId.body.error).toBeTruthy();
});

test('deleting a passkey asks in a danger modal that traps focus, cancels on Escape and deletes on confirm', async ({
  page,
  server,
  api,
}) => {
  const user = await api.signUp(freshEmail('delete'));
  await addPasskeysViaApi(api, user, 2);
  const profile = await openProfile(page, server.url, user);
  const deleteButton = profile.getByRole('button', { name: 'Delete Passkey 2' });
  await deleteButton.click();
  const dialog = profile.getByRole('dialog', { name: 'Delete this passkey?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You will no longer be able to sign in with “Passkey 2”.');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectFocusTrapped(page, profile, ['Cancel', 'Delete']);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(deleteButton).toBeFocused();
  await expect(rows(profile)).toHaveCount(2);

  await deleteButton.click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(profile.getByText('Passkey deleted.')).toBeVisible();
  await expect(rows(profile)).toHaveCount(1);
  await expect(profile.getByRole('button', { name: 'Delete Passkey 2' })).toHaveCount(0);
  const listed = await api.call<{ devices: unknown[] }>('GET', DEVICES, undefined, user.authToken);
  expect(listed.body.devices).toHaveLength(1);
  expect(await changes(page)).toContainEqual(
    expect.objectContaining({ type: 'device-deleted', wasCurrent: false }),
  );
});

test('deleting the passkey of this device warns about it and removes the current-device marker', async ({
  page,
  server,
  api,
}) => {
  const user = await api.signUp(freshEmail('current'));
  await addPasskeysViaApi(api, user, 1);
  await addVirtualAuthenticator(page);
  const profile = await openProfile(page, server.url, user);
  await profile.getByRole('button', { name: 'Add passkey' }).click();
  await expect(rows(profile)).toHaveCount(2);
  const current = rows(profile).filter({ hasText: 'Current device' });
  await expect(current).toHaveCount(1);
  const name = (await current.locator('.device-name').textContent()) ?? '';
  await current.getByRole('button', { name: /^Delete/ }).click();
  const dialog = profile.getByRole('dialog', { name: 'Delete this passkey?' });
  await expect(dialog).toContainText(`“${name}” is the passkey of this device.`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(profile.getByText('Passkey deleted.')).toBeVisible();
  await expect(rows(profile)).toHaveCount(1);
  await expect(profile.getByText('Current device')).toHaveCount(0);
  expect(await changes(page)).toContainEqual(
    expect.objectContaining({ type: 'device-deleted', wasCurrent: true }),
  );
});

test('paging through 25 passkeys with the page-size selector', async ({ page, server, api }) => {
  test.setTimeout(90_000);
  const user = await api.signUp(freshEmail('paging'));
  await addPasskeysViaApi(api, user, 25);
  const profile = await openProfile(page, server.url, user);
  const position = profile.locator('[part="page-position"]');
  const next = profile.getByRole('button', { name: 'Next page' });
  const previous = profile.getByRole('button', { name: 'Previous page' });
  const seen = new Set<string>();
  const collect = async () => {
    for (const text of await profile.locator('.device-name').allTextContents()) seen.add(text);
  };

  await expect(position).toHaveText('1–10 of 25');
  await expect(previous).toBeDisabled();
  await expect(rows(profile)).toHaveCount(10);
  await collect();
  await next.click();
  await expect(position).toHaveText('11–20 of 25');
  await collect();
  await next.click();
  await expect(position).toHaveText('21–25 of 25');
  await expect(rows(profile)).toHaveCount(5);
  await expect(next).toBeDisabled();
  await collect();
  expect(seen.size).toBe(25);
  // Next turned disabled under the pointer: the focus went to Previous, not to the page body.
  await expect(previous).toBeFocused();

  await previous.click();
  await expect(position).toHaveText('11–20 of 25');
  await previous.click();
  await expect(position).toHaveText('1–10 of 25');
  await expect(next).toBeFocused();
  await next.click();
  await expect(position).toHaveText('11–20 of 25');
  await profile.getByLabel('Rows per page').selectOption('5');
  await expect(position).toHaveText('11–15 of 25');
  await expect(rows(profile)).toHaveCount(5);
  await profile.getByLabel('Rows per page').selectOption('25');
  await expect(position).toHaveText('1–25 of 25');
  await expect(rows(profile)).toHaveCount(25);
  await expect(next).toBeDisabled();
});

test('the learn-more modal explains passkeys, keeps focus inside and gives it back', async ({
  page,
  server,
  api,
}) => {
  const user = await api.signUp(freshEmail('learn'));
  const profile = await openProfile(page, server.url, user);
  const learnMore = profile.getByRole('button', { name: 'Learn more' });
  await learnMore.click();
  const dialog = profile.getByRole('dialog', { name: 'What are passkeys?' });
  await expect(dialog).toContainText('Passkeys are a simpler and more secure alternative to passwords.');
  const close = dialog.getByRole('button', { name: 'Close' });
  await expect(close).toBeFocused();
  await expectFocusTrapped(page, profile, ['Close']);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(learnMore).toBeFocused();
  await learnMore.press('Enter');
  await close.click();
  await expect(learnMore).toBeFocused();
});
