import { expect, type Page, test } from '@playwright/test';
import {
  addVirtualAuthenticator,
  APPS,
  codeIn,
  DEMO_APP,
  enterCode,
  lastMessageTo,
  openPassage,
  openRegister,
  registerByCode,
  submitIdentifier,
  uniqueEmail,
  withoutPasskeys,
} from './support';

test('registers a passkey, then logs in with it by autofill and by identifier', async ({ page }) => {
  await addVirtualAuthenticator(page);
  const email = uniqueEmail('passkey');
  const el = await openPassage(page);
  await openRegister(el);
  await submitIdentifier(el, 'Email address', email);
  await page.waitForURL('**/passageSuccess');
  const credentials = await page.evaluate(() => localStorage.getItem('psg_cred_obj'));
  expect(Object.keys(JSON.parse(credentials ?? '{}'))).toHaveLength(1);
  expect(await page.evaluate(() => document.cookie)).toContain('psg_cred_obj=');

  // Signed out, the login view starts passkey autofill (conditional UI); the virtual authenticator
  // answers at once with the only credential, so the page signs in without typing.
  await signOut(page);
  await page.goto('/passage');
  await page.waitForURL('**/passageSuccess');
  expect(await page.evaluate(() => localStorage.getItem('psg_auth_token'))).toMatch(/^ey/);
  expect(await page.evaluate(() => localStorage.getItem('psg_last_login'))).toBe(email);

  // Without autofill: identifier first, then the passkey login starts on entry.
  await signOut(page);
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  const again = await openPassage(page);
  await expect(again.getByText('Welcome back, sign in as')).toBeVisible();
  await again.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/passageSuccess');
  expect(await page.evaluate(() => localStorage.getItem('psg_auth_token'))).toMatch(/^ey/);
});

test('after a code sign-in on a passkey-capable device, a passkey is offered and added', async ({
  browser,
  page,
}) => {
  // Register in a browser without passkeys, so the account has none.
  const email = uniqueEmail('adddevice');
  const plain = await browser.newContext();
  const other = await plain.newPage();
  await withoutPasskeys(other);
  const registration = await registerByCode(other, DEMO_APP, 'Email address', email);
  await plain.close();

  // Here a platform authenticator exists: log in by code, then add a passkey.
  await addVirtualAuthenticator(page);
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  const el = await openPassage(page);
  await submitIdentifier(el, 'Email address', email);
  await enterCode(el, codeIn(await lastMessageTo(page, email, registration.id)));
  await expect(el.getByRole('button', { name: 'Skip' })).toBeVisible();
  await el.getByRole('button', { name: 'Add passkey' }).click();
  await page.waitForURL('**/passageSuccess');
  const credentials = await page.evaluate(() => localStorage.getItem('psg_cred_obj'));
  expect(Object.keys(JSON.parse(credentials ?? '{}'))).toHaveLength(1);
});

async function signOut(page: Page) {
  await page.evaluate(() => {
    localStorage.removeItem('psg_auth_token');
    localStorage.removeItem('psg_refresh_token');
  });
}

test('a passkey-only app says the device is not supported when passkeys are unavailable', async ({
  page,
}) => {
  await withoutPasskeys(page);
  const el = await openPassage(page, APPS.noFallback);
  await openRegister(el);
  await submitIdentifier(el, 'Email address', uniqueEmail('nopasskey'));
  await expect(el.getByText('Device not supported')).toBeVisible();
});
