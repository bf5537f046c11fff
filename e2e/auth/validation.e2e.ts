import { expect, test } from '@playwright/test';
import {
  APPS,
  codeIn,
  enterCode,
  errorLine,
  lastMessageTo,
  openPassage,
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
  await expect(errorLine(el)).toHaveText('enter an email address');
  await submitIdentifier(el, 'Email address', 'ann@example');
  await expect(errorLine(el)).toHaveText('enter a valid email address');
});

test('identifier messages of a phone app', async ({ page }) => {
  const el = await openPassage(page, APPS.phone);
  await expect(el.getByLabel('Country')).toBeVisible();
  await submitIdentifier(el, 'Phone number', '');
  await expect(errorLine(el)).toHaveText('enter a phone number');
  await submitIdentifier(el, 'Phone number', '12');
  await expect(errorLine(el)).toHaveText('enter a valid phone number');
  await submitIdentifier(el, 'Phone number', uniqueUsPhone());
  await expect(errorLine(el)).toHaveText('Phone not recognized.');
});

test('identifier messages of an email-or-phone app, with the dropdown following the input', async ({
  page,
}) => {
  const el = await openPassage(page, APPS.both);
  const input = el.getByLabel('Email or phone number', { exact: true });
  await submitIdentifier(el, 'Email or phone number', '');
  await expect(errorLine(el)).toHaveText('enter an email or phone number');
  await input.fill('2015');
  await expect(el.getByLabel('Country')).toBeVisible();
  await input.fill('ann@');
  await expect(el.getByLabel('Country')).toBeHidden();
  await el.getByRole('button', { name: 'Continue' }).click();
  await expect(errorLine(el)).toHaveText('enter a valid email or phone number');
});

test('registering an existing account, and an unknown one logging in', async ({ page }) => {
  const email = uniqueEmail('exists');
  let el = await openPassage(page);
  await el.getByRole('button', { name: 'Register here' }).click();
  await submitIdentifier(el, 'Email address', email);
  await enterCode(el, codeIn(await lastMessageTo(page, email)));
  await page.waitForURL('**/passageSuccess');

  el = await openPassage(page);
  await el.getByRole('button', { name: 'switch account' }).click();
  await el.getByRole('button', { name: 'Register here' }).click();
  await submitIdentifier(el, 'Email address', email.toUpperCase());
  await expect(errorLine(el)).toHaveText('An account already exists for this email');
  await el.getByRole('button', { name: 'Log in instead?' }).click();
  await expect(el.getByRole('heading', { name: 'Log in' })).toBeVisible();
});

test('registration metadata: every field required and checked by type', async ({ page }) => {
  const el = await openPassage(page, APPS.metadata);
  await el.getByRole('button', { name: 'Register here' }).click();
  await el.getByLabel('Email address', { exact: true }).fill(uniqueEmail('meta'));
  await el.getByRole('button', { name: 'Continue' }).click();
  await expect(el.getByText('required').first()).toBeVisible();

  await el.getByLabel('Full name').fill('x'.repeat(64));
  await el.getByLabel('Work email').fill('not-an-email');
  await el.getByLabel('Mobile').fill('12');
  await el.getByRole('button', { name: 'Continue' }).click();
  await expect(el.getByText('64 letters max')).toBeVisible();
  await expect(el.getByText('invalid email')).toBeVisible();
  await expect(el.getByText('invalid phone')).toBeVisible();

  await el.getByLabel('Age').fill('4.5');
  await el.getByRole('button', { name: 'Continue' }).click();
  await expect(el.getByText('no decimals')).toBeVisible();
});

test('public_signup false: the notice, and the server refusal shown', async ({ page }) => {
  const el = await openPassage(page, APPS.closed);
  await expect(el.getByRole('button', { name: 'Register here' })).toHaveCount(0);
  await el.evaluate((node) => {
    (node as HTMLElement & { initialMode: string }).initialMode = 'register';
  });
  await expect(el.getByText('public registration not allowed')).toBeVisible();
  await submitIdentifier(el, 'Email address', uniqueEmail('closed'));
  await expect(errorLine(el)).toHaveText(/^Public signup/);
});

test('phone app: registration by text message code', async ({ page }) => {
  const number = uniqueUsPhone();
  const el = await openPassage(page, APPS.phone);
  await el.getByRole('button', { name: 'Register here' }).click();
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

test('both app: registration with an email and login with the code', async ({ page }) => {
  const email = uniqueEmail('both');
  const el = await openPassage(page, APPS.both);
  await el.getByRole('button', { name: 'Register here' }).click();
  await submitIdentifier(el, 'Email or phone number', email);
  await enterCode(el, codeIn(await lastMessageTo(page, email)));
  await page.waitForURL('**/passageSuccess');
});
