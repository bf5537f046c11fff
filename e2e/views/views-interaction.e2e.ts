import { expect, type Page, test } from '@playwright/test';
import { openPreview, showView } from './preview-page';
import { VIEW_SAMPLES } from '../../src/dev/view-samples';

test.describe.configure({ mode: 'serial' });
let page: Page;
test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await openPreview(page);
  await page.evaluate(() => {
    const w = window as unknown as { viewEvents: unknown[] };
    w.viewEvents = [];
    document
      .querySelector('passage-view-preview')
      ?.addEventListener('passageViewEvent', (e) => w.viewEvents.push((e as CustomEvent).detail));
  });
});
test.afterAll(() => page.close());

/** The events the views raised since the last call. */
async function takeEvents(): Promise<unknown[]> {
  return page.evaluate(() => {
    const w = window as unknown as { viewEvents: unknown[] };
    return w.viewEvents.splice(0);
  });
}

const preview = () => page.locator('passage-view-preview');
const focusedPart = () =>
  page.evaluate(() =>
    document.querySelector('passage-view-preview')?.shadowRoot?.activeElement?.getAttribute('part'),
  );

test('the identifier form works from the keyboard alone', async () => {
  await showView(page, { state: VIEW_SAMPLES['identifier-login-email'] });
  await takeEvents();
  // Start from the top of the page, as a keyboard user would.
  await page.locator('main > h1').focus();
  await page.keyboard.press('Tab');
  expect(await focusedPart()).toContain('identifier-input');
  await page.keyboard.type('Ann@Example.com');
  await page.keyboard.press('Enter');
  // Continue, then the "Register" toggle.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  expect(await takeEvents()).toEqual([
    { type: 'submit-identifier', identifier: 'Ann@Example.com' },
    { type: 'toggle-mode', identifier: 'Ann@Example.com' },
  ]);
  await expect(preview().getByText("Don't have an account? Register", { exact: true })).toBeVisible();
});

test('the error line is a live region the input points at', async () => {
  await showView(page, { state: VIEW_SAMPLES['identifier-login-last-login-error'] });
  const input = preview().getByLabel('Email address');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  const errorId = await input.getAttribute('aria-describedby');
  const error = preview().locator(`[id="${errorId}"]`);
  await expect(error).toHaveText('Email not recognized.');
  await expect(error).toHaveAttribute('aria-live', 'polite');
  await expect(preview().getByText('Welcome back, sign in as')).toBeVisible();
  // One way to register: the toggle under the form, no second prompt beside the error.
  await expect(preview().getByRole('button', { name: /register/i })).toHaveCount(1);
  await preview().getByRole('button', { name: 'Switch account' }).click();
  await preview().getByRole('button', { name: 'Register', exact: true }).click();
  expect(await takeEvents()).toEqual([
    { type: 'switch-account' },
    // With whatever the input holds (the page is shared: an earlier test typed into it).
    expect.objectContaining({ type: 'toggle-mode' }),
  ]);
});

test('in both-identifiers mode the country dropdown follows what is typed', async () => {
  await showView(page, { state: { ...VIEW_SAMPLES['identifier-login-email'], allowedIdentifier: 'both' } });
  const input = preview().getByLabel('Email or phone number');
  const country = preview().getByRole('combobox', { name: 'Country' });
  await expect(country).toBeHidden();
  await input.fill('(555) 010-0123');
  await expect(country).toBeVisible();
  await expect(country).toContainText('United States +1');
  await input.fill('ann@example.com');
  await expect(country).toBeHidden();
  await input.fill('07700 900123');
  await country.click();
  await preview()
    .getByRole('option', { name: /United Kingdom/ })
    .click();
  await input.press('Enter');
  expect(await takeEvents()).toEqual([
    { type: 'submit-identifier', identifier: '07700 900123', country: 'gb' },
  ]);
});

test('the country dropdown: toggles, picks, closes on blur, keyboard and typeahead', async () => {
  // Another view first, so the form (and its dropdown) is a new one.
  await showView(page, { state: VIEW_SAMPLES.loading });
  await showView(page, {
    state: {
      ...VIEW_SAMPLES['identifier-login-email'],
      allowedIdentifier: 'phone',
      defaultCountryCode: 'de',
    },
  });
  const box = preview().getByRole('combobox', { name: 'Country' });
  const list = preview().getByRole('listbox', { name: 'Country' });
  await expect(box).toContainText('Germany');
  await expect(box).toHaveAttribute('aria-expanded', 'false');

  // A click toggles it open (7 items of 30px at most, at least 60px) and closed.
  await box.click();
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const height = (await list.evaluate((ul) => ul.clientHeight)) as number;
  expect(height).toBeGreaterThanOrEqual(60);
  expect(height).toBeLessThanOrEqual(7 * 30);
  expect(await list.getByRole('option').count()).toBeGreaterThan(200);
  await expect(list.getByRole('option', { selected: true })).toContainText('Germany');
  await box.click();
  await expect(list).toBeHidden();

  // Picking an item sets the value and closes the list.
  await box.click();
  await list.getByRole('option', { name: /United Kingdom/ }).click();
  await expect(list).toBeHidden();
  await expect(box).toContainText('United Kingdom');
  await expect(box).toBeFocused();

  // Losing focus closes it, keeping the value.
  await box.click();
  await preview().getByLabel('Phone number').focus();
  await expect(list).toBeHidden();
  await expect(box).toContainText('United Kingdom');

  // Keyboard: arrows open and move the highlighted option, typeahead jumps, Escape cancels, Enter picks.
  await box.focus();
  await page.keyboard.press('ArrowDown');
  await expect(list).toBeVisible();
  const active = () => box.getAttribute('aria-activedescendant');
  const first = await active();
  await page.keyboard.press('ArrowDown');
  // The dropdown renders as every view does, in the next frame: the attribute is polled.
  await expect.poll(active).not.toBe(first);
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(box).toContainText('United Kingdom');
  await page.keyboard.type('fra');
  await expect(list).toBeVisible();
  await expect
    .poll(async () =>
      preview()
        .locator(`[id="${await active()}"]`)
        .textContent(),
    )
    .toContain('France');
  await page.keyboard.press('Enter');
  await expect(list).toBeHidden();
  await expect(box).toContainText('France');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(box).not.toContainText('France');
});

test('registration fields sit on the grid and are submitted by field name', async () => {
  await showView(page, { state: VIEW_SAMPLES['identifier-register-metadata'] });
  await expect(preview().getByText('Public registration is not allowed.')).toBeVisible();
  await preview().getByLabel('Full name').fill('Ann Lee');
  await preview().getByLabel('Age').pressSequentially('4x2.');
  await expect(preview().getByLabel('Age')).toHaveValue('42');
  await preview().getByLabel('Birthday').fill('1990-02-03');
  await preview().getByRole('button', { name: 'Continue' }).click();
  const [event] = (await takeEvents()) as { metadata: Record<string, unknown> }[];
  expect(event?.metadata).toEqual({
    full_name: 'Ann Lee',
    age: '42',
    birthday: '1990-02-03',
    work_email: undefined,
    mobile: undefined,
    newsletter: true,
  });
  await expect(preview().locator('[part~="metadata-field"]').first()).toHaveCSS('grid-column-start', '1');
});

test('the code boxes take digits, follow the paste rules and submit at six', async () => {
  await showView(page, { state: VIEW_SAMPLES['identifier-login-email'] });
  await showView(page, { state: VIEW_SAMPLES['one-time-code'] });
  const boxes = preview().locator('[part~="otp-input"]');
  await expect(boxes).toHaveCount(6);
  await expect(boxes.first()).toHaveAttribute('autocomplete', 'one-time-code');
  // Focus moved into the new view: the first box.
  await expect(boxes.first()).toBeFocused();
  await takeEvents();

  await page.keyboard.type('1a2');
  await expect(boxes.nth(0)).toHaveValue('1');
  await expect(boxes.nth(1)).toHaveValue('2');
  await expect(boxes.nth(2)).toBeFocused();
  await page.keyboard.press('Backspace');
  await expect(boxes.nth(1)).toBeFocused();
  await expect(boxes.nth(1)).toHaveValue('');

  const paste = (text: string) =>
    boxes.nth(1).evaluate((box, t) => {
      const data = new DataTransfer();
      data.setData('text', t);
      box.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, text);
  await paste('12x456');
  await expect(boxes.nth(1)).toHaveValue('');
  expect(await takeEvents()).toEqual([]);
  await paste('234567890');
  await expect(boxes.nth(5)).toHaveValue('6');
  expect(await takeEvents()).toEqual([{ type: 'submit-code', code: '123456' }]);

  await preview().getByRole('button', { name: 'Resend code' }).click();
  await preview().getByRole('button', { name: 'Change email' }).click();
  expect(await takeEvents()).toEqual([{ type: 'resend' }, { type: 'change-identifier' }]);
});

test('autofill of the whole code into the first box spreads it and submits', async () => {
  await showView(page, { state: { ...VIEW_SAMPLES['one-time-code'], attempt: 2 } });
  const boxes = preview().locator('[part~="otp-input"]');
  await expect(boxes.nth(3)).toHaveValue('');
  await takeEvents();
  await boxes.first().fill('654321');
  await expect(boxes.nth(5)).toHaveValue('1');
  expect(await takeEvents()).toEqual([{ type: 'submit-code', code: '654321' }]);
});

test('a new view takes focus: its marked control, else its title', async () => {
  // Once the visitor has acted in the widget (before that, views change without taking focus).
  await showView(page, { state: VIEW_SAMPLES['identifier-login-email'] });
  await preview().getByLabel('Email address').click();
  await showView(page, { state: VIEW_SAMPLES['register-passkey'] });
  await expect(preview().getByRole('button', { name: 'Create a passkey' })).toBeFocused();
  await showView(page, { state: VIEW_SAMPLES['login-not-supported'] });
  await expect(preview().getByRole('heading', { name: 'Sign-in not supported' })).toBeFocused();
  await showView(page, { state: VIEW_SAMPLES['magic-link-sent'] });
  await expect(preview().getByRole('button', { name: 'Resend' })).toBeDisabled();
  await expect(preview().getByRole('heading', { name: 'Verify your email to sign in' })).toBeFocused();
  await preview().getByRole('button', { name: 'Change email' }).click();
  expect(await takeEvents()).toEqual([{ type: 'change-identifier' }]);
});

test('activation screens carry the button of their outcome', async () => {
  const cases = [
    [
      'activation-invalid',
      'Invalid link',
      'This link is invalid or has expired.',
      'Request new link',
      'request-new-link',
    ],
    [
      'activation-failure',
      'Sign-in failed',
      'Signing in with this link failed. Please try again.',
      'Try again',
      'retry',
    ],
    ['activation-success', 'Success', 'Your email address has been changed.', 'Redirect now', 'redirect-now'],
  ] as const;
  for (const [sample, title, text, button, event] of cases) {
    await showView(page, { state: VIEW_SAMPLES[sample] });
    await expect(preview().getByRole('heading', { name: title })).toBeVisible();
    await expect(preview().getByText(text, { exact: true })).toBeVisible();
    await preview().getByRole('button', { name: button }).click();
    expect(await takeEvents()).toEqual([{ type: event }]);
  }
});

test('passkey failures offer Try again, the fallback and Change phone number', async () => {
  await showView(page, { state: VIEW_SAMPLES['register-passkey-failed'] });
  await expect(
    preview().getByText('Unable to create a passkey. Try again or register with a link.'),
  ).toBeVisible();
  await preview().getByRole('button', { name: 'Try again' }).click();
  await preview().getByRole('button', { name: 'Register with a text link' }).click();
  await preview().getByRole('button', { name: 'Change phone number' }).click();
  expect(await takeEvents()).toEqual([
    { type: 'retry' },
    { type: 'use-fallback' },
    { type: 'change-identifier' },
  ]);
});

test('add device offers Add passkey and Skip', async () => {
  await showView(page, { state: VIEW_SAMPLES['add-device-failed'] });
  await expect(preview().getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(preview().getByText('The passkey could not be added. Please try again.')).toBeVisible();
  await preview().getByRole('button', { name: 'Try again' }).click();
  await preview().getByRole('button', { name: 'Skip' }).click();
  expect(await takeEvents()).toEqual([{ type: 'retry' }, { type: 'skip' }]);
});

test('the language switches at run time', async () => {
  await showView(page, { state: VIEW_SAMPLES['identifier-login-email'], language: 'de' });
  await expect(preview().getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await showView(page, { state: VIEW_SAMPLES['identifier-login-email'], language: 'en' });
  await expect(preview().getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
});

test('LoginUser on a browser that knows no passkey of the user: the verify-identity screen', async () => {
  await showView(page, { state: VIEW_SAMPLES['passkey-verify-identity'] });
  await expect(preview().getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  await expect(preview().getByText("We don't recognize this device.")).toBeVisible();
  await showView(page, { state: VIEW_SAMPLES['passkey-login'] });
  await expect(preview().getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expect(preview().getByText("We don't recognize this device.")).toHaveCount(0);
});
