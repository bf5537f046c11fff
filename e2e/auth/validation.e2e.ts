import { expect, test } from '@playwright/test';
import {
  APPS,
  codeIn,
  countryBox,
  deactivate,
  DEMO_APP,
  enterCode,
  errorLine,
  lastMessageTo,
  openPassage,
  openRegister,
  pickCountry,
  registerByCode,
  submitIdentifier,
  uniqueEmail,
  uniqueUsPhone,
  withoutPasskeys,
} from './support';

test.beforeEach(async ({ page }) => {
  await withoutPasskeys(page);
});

test('identifier messages of an email app', async ({ page }) => {
  const el = await openPassage(page);
  await submitIdentifier(el, 'Email address', '   ');
  await expect(errorLine(el)).toHaveText('Enter an email address.');
  await submitIdentifier(el, 'Email address', 'ann@example');
  await expect(errorLine(el)).toHaveText('Enter a valid email address.');
  // The same message again is a new occurrence: the live region's content is replaced (announced).
  const shown = await errorLine(el).locator('span').elementHandle();
  await el.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => shown!.evaluate((node) => node.isConnected)).toBe(false);
  await expect(errorLine(el)).toHaveText('Enter a valid email address.');
});

test('an empty error line stays in the accessibility tree as a live region', async ({ page }) => {
  const el = await openPassage(page);
  const line = errorLine(el);
  await expect(line).toHaveText('');
  await expect(line).toHaveAttribute('aria-live', 'polite');
  await expect(line).not.toHaveCSS('display', 'none');
});

test('when the identifier lookup fails, the "valid" message of the mode shows', async ({ page }) => {
  await page.route('**/users?identifier=*', (route) => route.abort('failed'));
  const el = await openPassage(page);
  await submitIdentifier(el, 'Email address', uniqueEmail('lookup'));
  await expect(errorLine(el)).toHaveText('Enter a valid email address.');
  const phone = await openPassage(page, APPS.phone);
  await submitIdentifier(phone, 'Phone number', uniqueUsPhone());
  await expect(errorLine(phone)).toHaveText('Enter a valid phone number.');
});

test('an inactive account can neither sign in nor register', async ({ page }) => {
  const email = uniqueEmail('inactive');
  await registerByCode(page, DEMO_APP, 'Email address', email);
  deactivate(email);
  const el = await openPassage(page);
  await submitIdentifier(el, 'Email address', email);
  await expect(errorLine(el)).toHaveText('This account is no longer active.');
  await openRegister(el);
  await submitIdentifier(el, 'Email address', email);
  await expect(errorLine(el)).toHaveText('This account is no longer active.');
});

test('identifier messages of a phone app', async ({ page }) => {
  const el = await openPassage(page, APPS.phone);
  await expect(countryBox(el)).toBeVisible();
  await submitIdentifier(el, 'Phone number', '');
  await expect(errorLine(el)).toHaveText('Enter a phone number.');
  await submitIdentifier(el, 'Phone number', '12');
  await expect(errorLine(el)).toHaveText('Enter a valid phone number.');
  await submitIdentifier(el, 'Phone number', uniqueUsPhone());
  await expect(errorLine(el)).toHaveText('Phone number not recognized.');
});

test('the picked country stays with the number across login ↔ register', async ({ page }) => {
  const el = await openPassage(page, APPS.phone);
  await pickCountry(el, 'United Kingdom');
  await el.getByLabel('Phone number', { exact: true }).fill('07400 123456');
  await el.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(el.getByLabel('Phone number', { exact: true })).toHaveValue('07400 123456');
  await expect(countryBox(el)).toContainText('United Kingdom');
  await el.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(countryBox(el)).toContainText('United Kingdom');
});

test('identifier messages of an email-or-phone app, with the dropdown following the input', async ({
  page,
}) => {
  const el = await openPassage(page, APPS.both);
  const input = el.getByLabel('Email or phone number', { exact: true });
  await submitIdentifier(el, 'Email or phone number', '');
  await expect(errorLine(el)).toHaveText('Enter an email address or phone number.');
  await input.fill('2015');
  await expect(countryBox(el)).toBeVisible();
  await input.fill('ann@');
  await expect(countryBox(el)).toBeHidden();
  await el.getByRole('button', { name: 'Continue' }).click();
  await expect(errorLine(el)).toHaveText('Enter a valid email address or phone number.');
});

test('registering an existing account, and an unknown one signing in', async ({ page }) => {
  const email = uniqueEmail('exists');
  let el = await openPassage(page);
  await openRegister(el);
  await submitIdentifier(el, 'Email address', email);
  await enterCode(el, codeIn(await lastMessageTo(page, email)));
  await page.waitForURL('**/passageSuccess');

  el = await openPassage(page);
  await el.getByRole('button', { name: 'Switch account' }).click();
  await openRegister(el);
  await submitIdentifier(el, 'Email address', email.toUpperCase());
  await expect(errorLine(el)).toHaveText('An account already exists for this email.');
  await el.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(el.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
});

test('registration metadata: every field required and checked by type', async ({ page }) => {
  const el = await openPassage(page, APPS.metadata);
  await openRegister(el);
  await el.getByLabel('Email address', { exact: true }).fill(uniqueEmail('meta'));
  await el.getByRole('button', { name: 'Continue' }).click();
  await expect(el.getByText('This field is required.').first()).toBeVisible();

  await el.getByLabel('Full name').fill('x'.repeat(64));
  await el.getByLabel('Work email').fill('not-an-email');
  await el.getByLabel('Mobile').fill('12');
  await el.getByRole('button', { name: 'Continue' }).click();
  await expect(el.getByText('Use at most 63 characters.')).toBeVisible();
  await expect(el.getByText('Enter a valid email address.')).toBeVisible();
  await expect(el.getByText('Enter a valid phone number.')).toBeVisible();

  await el.getByLabel('Age').fill('4.5');
  await el.getByRole('button', { name: 'Continue' }).click();
  await expect(el.getByText('Enter a whole number.')).toBeVisible();

  // A day the calendar does not have, typed into the date field.
  await el.getByLabel('Birthday').pressSequentially('02312020');
  await el.getByRole('button', { name: 'Continue' }).click();
  await expect(el.getByText('Enter a valid date.')).toBeVisible();
});

test('registration metadata: with every field valid the registration completes', async ({ page }) => {
  const email = uniqueEmail('metaok');
  const el = await openPassage(page, APPS.metadata);
  await openRegister(el);
  await el.getByLabel('Email address', { exact: true }).fill(email);
  await el.getByLabel('Full name').fill('Ann Lee');
  await el.getByLabel('Birthday').fill('1990-02-03');
  await el.getByLabel('Work email').fill('ann@work.example');
  await el.getByLabel('Age').fill('34');
  // The app allows only emails, yet the phone field is read by the phone library.
  await el.getByLabel('Mobile').fill('(201) 555-0123');
  await el.getByLabel('Newsletter').check();
  await el.getByRole('button', { name: 'Continue' }).click();
  await expect(el.getByRole('heading', { name: 'Enter code' })).toBeVisible();
  await enterCode(el, codeIn(await lastMessageTo(page, email)));
  await page.waitForURL('**/passageSuccess');
  const token = await page.evaluate(() => localStorage.getItem('psg_auth_token'));
  const response = await page.request.get(`/v1/apps/${APPS.metadata}/currentuser/user-metadata`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect((await response.json()).user_metadata).toEqual({
    full_name: 'Ann Lee',
    birthday: '1990-02-03',
    work_email: 'ann@work.example',
    age: 34,
    mobile: '+12015550123',
    newsletter: true,
  });
});

test('public_signup false: the notice, and the server refusal shown', async ({ page }) => {
  const el = await openPassage(page, APPS.closed);
  await expect(el.getByRole('button', { name: 'Register', exact: true })).toHaveCount(0);
  await el.evaluate((node) => {
    (node as HTMLElement & { initialMode: string }).initialMode = 'register';
  });
  await expect(el.getByText('Public registration is not allowed.')).toBeVisible();
  await submitIdentifier(el, 'Email address', uniqueEmail('closed'));
  await expect(errorLine(el)).toHaveText(/^Public signup/);
});

test('phone app: registration by text message code', async ({ page }) => {
  const number = uniqueUsPhone();
  const el = await openPassage(page, APPS.phone);
  await openRegister(el);
  await submitIdentifier(
    el,
    'Phone number',
    `(${number.slice(0, 3)}) ${number.slice(3, 6)}-${number.slice(6)}`,
  );
  const sms = await lastMessageTo(page, `+1${number}`);
  expect(sms.channel).toBe('sms');
  await enterCode(el, codeIn(sms));
  await page.waitForURL('**/passageSuccess');
});

test('phone app: registering a number that has an account already', async ({ page }) => {
  const number = uniqueUsPhone();
  await registerByCode(page, APPS.phone, 'Phone number', number, `+1${number}`);
  const el = await openPassage(page, APPS.phone);
  await openRegister(el);
  await submitIdentifier(el, 'Phone number', number);
  await expect(errorLine(el)).toHaveText('An account already exists for this phone number.');
});

test('both app: registration with an email and login with the code', async ({ page }) => {
  const email = uniqueEmail('both');
  const registration = await registerByCode(page, APPS.both, 'Email or phone number', email);
  const el = await openPassage(page, APPS.both);
  await submitIdentifier(el, 'Email or phone number', email);
  await expect(el.getByRole('heading', { name: 'Enter code' })).toBeVisible();
  await enterCode(el, codeIn(await lastMessageTo(page, email, registration.id)));
  await page.waitForURL('**/passageSuccess');
  expect(await page.evaluate(() => localStorage.getItem('psg_last_login'))).toBe(email);
});

test('both app: a phone number with a country from the dropdown registers and logs in in E.164', async ({
  page,
}) => {
  // A UK mobile number written nationally: the dropdown's country makes it +44….
  const national = `07400 ${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  const e164 = `+44${national.replace(/\D/g, '').slice(1)}`;
  let el = await openPassage(page, APPS.both);
  await openRegister(el);
  await el.getByLabel('Email or phone number', { exact: true }).fill(national);
  await pickCountry(el, 'United Kingdom');
  await el.getByRole('button', { name: 'Continue' }).click();
  const registration = await lastMessageTo(page, e164);
  expect(registration.channel).toBe('sms');
  await enterCode(el, codeIn(registration));
  await page.waitForURL('**/passageSuccess');
  expect(await page.evaluate(() => localStorage.getItem('psg_last_login'))).toBe(e164);

  await page.evaluate(() => localStorage.clear());
  el = await openPassage(page, APPS.both);
  await el.getByLabel('Email or phone number', { exact: true }).fill(national);
  await pickCountry(el, 'United Kingdom');
  await el.getByRole('button', { name: 'Continue' }).click();
  await enterCode(el, codeIn(await lastMessageTo(page, e164, registration.id)));
  await page.waitForURL('**/passageSuccess');
});
