import type { Locator } from '@playwright/test';
import { addPasskeysViaApi, addVirtualAuthenticator } from './support/passkeys';
import { FAILURES_APP_ID } from './support/profile-apps';
import { answerWithError, expect, freshEmail, gapBelow, openProfile, test } from './support/profile-test';

/**
 * An error shows beside the control whose action failed, as an alert in that control's section, not
 * at the end of a long profile; so does the notice asking to sign in again (docs/profile-element.md).
 */

const REFUSED = { status: 500, code: 'internal_error', message: 'The database is unavailable.' };

/** The one alert of the profile is in `section`, just under `control`. */
async function expectAlertUnder(profile: Locator, section: Locator, control: Locator, text: string) {
  const alert = section.getByRole('alert');
  await expect(alert).toHaveText(text);
  await expect(profile.getByRole('alert')).toHaveCount(1);
  const gap = await gapBelow(control, alert);
  expect(gap).toBeGreaterThanOrEqual(0);
  expect(gap).toBeLessThan(24);
}

test('"Failed to add a passkey." shows under Add passkey', async ({ page, server, api }) => {
  const user = await api.signUp(freshEmail('add-fails'), FAILURES_APP_ID);
  await addVirtualAuthenticator(page);
  const profile = await openProfile(page, server.url, user, FAILURES_APP_ID);
  const section = profile.locator('[part~="devices"]');
  await answerWithError(page, '**/currentuser/devices/finish', REFUSED);
  const add = section.getByRole('button', { name: 'Add passkey' });
  await add.click();
  await expectAlertUnder(profile, section, add, 'Failed to add a passkey. The database is unavailable.');
});

test('a rename the server refuses is said under the passkeys table', async ({ page, server, api }) => {
  const user = await api.signUp(freshEmail('rename-fails'), FAILURES_APP_ID);
  await addPasskeysViaApi(api, user, 1, FAILURES_APP_ID);
  const profile = await openProfile(page, server.url, user, FAILURES_APP_ID);
  const section = profile.locator('[part~="devices"]');
  await answerWithError(page, '**/currentuser/devices/*', REFUSED, 'PATCH');
  await section.getByRole('button', { name: 'Rename Passkey 1' }).click();
  await section.getByLabel('New name for Passkey 1').fill('Work laptop');
  await section.getByLabel('New name for Passkey 1').press('Enter');
  await expectAlertUnder(
    profile,
    section,
    section.getByRole('button', { name: 'Add passkey' }),
    'Failed to rename this passkey. The database is unavailable.',
  );
});

test('a delete the server refuses is said under the passkeys table', async ({ page, server, api }) => {
  const user = await api.signUp(freshEmail('delete-fails'), FAILURES_APP_ID);
  await addPasskeysViaApi(api, user, 1, FAILURES_APP_ID);
  const profile = await openProfile(page, server.url, user, FAILURES_APP_ID);
  const section = profile.locator('[part~="devices"]');
  await answerWithError(page, '**/currentuser/devices/*', REFUSED, 'DELETE');
  await section.getByRole('button', { name: 'Delete Passkey 1' }).click();
  await profile.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expectAlertUnder(
    profile,
    section,
    section.getByRole('button', { name: 'Add passkey' }),
    'Failed to delete this passkey. The database is unavailable.',
  );
});

test('a personal info save the server refuses is said under Save', async ({ page, server, api }) => {
  const user = await api.signUp(freshEmail('save-fails'), FAILURES_APP_ID);
  const profile = await openProfile(page, server.url, user, FAILURES_APP_ID);
  const section = profile.locator('[part~="metadata"]');
  await answerWithError(page, '**/currentuser/user-metadata', REFUSED, 'PATCH');
  await section.getByRole('button', { name: 'Edit Personal info' }).click();
  await section.getByLabel('Full name', { exact: true }).fill('Ann Example');
  await section.getByLabel('Birthday', { exact: true }).fill('1990-02-28');
  await section.getByLabel('Pets', { exact: true }).fill('2');
  await section.getByLabel('Mobile', { exact: true }).fill('(201) 555-0123');
  await section.getByLabel('Work email', { exact: true }).fill('ann@work.example');
  const save = section.getByRole('button', { name: 'Save' });
  await save.click();
  await expectAlertUnder(profile, section, save, 'Failed to update profile. The database is unavailable.');
});

test('an email change the server refuses is said under the sign-in details', async ({
  page,
  server,
  api,
}) => {
  const user = await api.signUp(freshEmail('email-fails'), FAILURES_APP_ID);
  const profile = await openProfile(page, server.url, user, FAILURES_APP_ID);
  const section = profile.locator('[part~="login-info"]');
  await answerWithError(page, '**/currentuser/email', REFUSED, 'PATCH');
  await section.getByRole('button', { name: 'Edit Email address' }).click();
  await section.getByLabel('Email address', { exact: true }).fill(freshEmail('new'));
  await section.getByRole('button', { name: 'Save' }).click();
  // Under the rows (the phone row follows the email's form), as the change's confirmation shows.
  const lastRow = section.locator('[part~="row"]').last();
  await expectAlertUnder(profile, section, lastRow, 'Failed to update email. The database is unavailable.');
});

test('"Sign in again" for a change that needs a recent sign-in shows under its control', async ({
  page,
  server,
  api,
}) => {
  const user = await api.signUp(freshEmail('add-reauth'), FAILURES_APP_ID);
  await addVirtualAuthenticator(page);
  const profile = await openProfile(page, server.url, user, FAILURES_APP_ID);
  const section = profile.locator('[part~="devices"]');
  await answerWithError(page, '**/currentuser/devices/start', {
    status: 401,
    code: 'reauthentication_required',
    message: 'Please sign in again before changing your passkeys.',
  });
  const add = section.getByRole('button', { name: 'Add passkey' });
  await add.click();
  const notice = section.locator('[part="reauthentication-notice"]');
  await expect(notice.getByRole('alert')).toHaveText(
    'For your security, please sign in again before making this change.',
  );
  await expect(notice.getByRole('button', { name: 'Sign in again' })).toBeVisible();
  await expect(profile.locator('[part="reauthentication-notice"]')).toHaveCount(1);
  const gap = await gapBelow(add, notice);
  expect(gap).toBeGreaterThanOrEqual(0);
  expect(gap).toBeLessThan(24);
});
