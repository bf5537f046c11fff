import { expect, test } from '@playwright/test';
import { checkApiAnswers } from '../support/api-answers';
import {
  codeIn,
  enterCode,
  errorLine,
  lastMessageTo,
  openPassage,
  openRegister,
  submitIdentifier,
  uniqueEmail,
  withoutPasskeys,
} from './support';

test.describe('one-time code without passkeys (the fallback)', () => {
  test.beforeEach(async ({ page }) => {
    await withoutPasskeys(page);
  });

  test('"We\'ve sent you a one-time code." arrives in a polite live region that was there before it', async ({
    page,
  }) => {
    const email = uniqueEmail('otp-live');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/register/otp', async (route) => {
      await held;
      await route.continue();
    });
    const el = await openPassage(page);
    await openRegister(el);
    await submitIdentifier(el, 'Email address', email);
    const sent = el.locator('p.text[aria-live="polite"]');
    await expect(sent).toHaveText('');
    release();
    await expect(sent).toHaveText("We've sent you a one-time code. Enter it here to register.");
  });

  test('registers with a code from the outbox, then logs in with a new code', async ({ page }) => {
    const answers = await checkApiAnswers(page);
    const email = uniqueEmail('otp');
    const events: string[] = [];
    await page.exposeFunction('recordEvent', (name: string) => events.push(name));
    let el = await openPassage(page);
    await el.evaluate((node) => {
      for (const name of ['oneTimePasscodeRegister', 'oneTimePasscodeLogin', 'oneTimePasscodeActivated']) {
        node.addEventListener(name, () =>
          (window as unknown as { recordEvent(n: string): void }).recordEvent(name),
        );
      }
    });
    await el.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(el.getByRole('heading', { name: 'Register' })).toBeVisible();
    await submitIdentifier(el, 'Email address', email);

    await expect(el.getByText("We've sent you a one-time code.")).toBeVisible();
    await expect(el.locator('[part~="identifier"]')).toHaveText(`${email} Change`);
    const registration = await lastMessageTo(page, email);
    await enterCode(el, codeIn(registration));
    await page.waitForURL('**/passageSuccess');
    expect(events).toEqual(['oneTimePasscodeRegister', 'oneTimePasscodeActivated']);
    expect(await page.evaluate(() => localStorage.getItem('psg_last_login'))).toBe(email);
    expect(await page.evaluate(() => localStorage.getItem('psg_auth_token'))).toMatch(/^ey/);

    // Sign in again: the remembered identifier is offered, the code is new.
    await page.evaluate(() => {
      localStorage.removeItem('psg_auth_token');
      localStorage.removeItem('psg_refresh_token');
    });
    el = await openPassage(page);
    await expect(el.getByText('Welcome back, sign in as')).toBeVisible();
    await el.getByRole('button', { name: 'Continue' }).click();
    const login = await lastMessageTo(page, email, registration.id);
    await expect(el.getByText("We've sent you a one-time code.")).toBeVisible();

    // A wrong code first.
    const wrong = codeIn(login) === '000000' ? '111111' : '000000';
    await enterCode(el, wrong);
    await expect(el.getByText('Code is invalid or expired. Please try again.')).toBeVisible();
    await expect(el.getByLabel('Digit 1 of 6')).toHaveAttribute('aria-invalid', 'true');

    await el.getByLabel('Digit 1 of 6').fill('');
    await enterCode(el, codeIn(login));
    await page.waitForURL('**/passageSuccess');
    // Every answer the widget read (app, lookup, user, codes, tokens, a refusal) is as documented.
    const { checked, problems } = answers();
    expect(problems).toEqual([]);
    expect(checked).toEqual(expect.arrayContaining([expect.stringMatching(/^POST .*\/otp\/activate 400$/)]));
    expect(checked.length).toBeGreaterThan(5);
  });

  test('resend sends a new code; Change returns to the form with the identifier', async ({ page }) => {
    const email = uniqueEmail('resend');
    const el = await openPassage(page);
    await openRegister(el);
    await submitIdentifier(el, 'Email address', email);
    const first = await lastMessageTo(page, email);
    await el.getByRole('button', { name: 'Resend code' }).click();
    const second = await lastMessageTo(page, email, first.id);
    expect(second.id).not.toBe(first.id);
    await el.getByRole('button', { name: 'Change email' }).click();
    await expect(el.getByLabel('Email address', { exact: true })).toHaveValue(email);
  });

  test('an unknown email cannot sign in; the one link to register is under the form', async ({ page }) => {
    const el = await openPassage(page);
    await submitIdentifier(el, 'Email address', uniqueEmail('nobody'));
    await expect(errorLine(el)).toHaveText('Email not recognized.');
    await expect(el.getByRole('button', { name: /register/i })).toHaveCount(1);
    await el.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(el.getByRole('heading', { name: 'Register' })).toBeVisible();
  });
});
