import { expect, type Page, test } from '@playwright/test';
import { showView, usePreviewPage } from './preview-page';
import { VIEW_SAMPLES } from '../../src/dev/view-samples';

// What the views tell and where focus stays while they change under the visitor (issue-level defects
// of the code, magic-link, passkey and add-device screens).
const page = usePreviewPage();
const preview = () => page().locator('passage-view-preview');
const focusedText = () =>
  page().evaluate(
    () => document.querySelector('passage-view-preview')?.shadowRoot?.activeElement?.textContent,
  );
const oneTimeCode = VIEW_SAMPLES['one-time-code'] as Extract<
  (typeof VIEW_SAMPLES)[string],
  { kind: 'one-time-code' }
>;
const magicLink = VIEW_SAMPLES['magic-link-sent'] as Extract<
  (typeof VIEW_SAMPLES)[string],
  { kind: 'magic-link-sent' }
>;

/** From now on, the events the preview raises collect in `window.seen` (emptied on each call). */
const recordEvents = () =>
  page().evaluate(() => {
    const w = window as unknown as { seen?: unknown[] };
    if (!w.seen)
      document
        .querySelector('passage-view-preview')
        ?.addEventListener('passageViewEvent', (e) => w.seen?.push((e as CustomEvent).detail));
    w.seen = [];
  });

test('the code screen claims a sent code only once a send succeeded', async () => {
  await showView(page(), { state: { ...oneTimeCode, sent: false, error: { key: 'code-send-error' } } });
  await expect(preview().getByText('An error occurred sending the code.')).toBeVisible();
  await expect(preview().getByText(/sent you/)).toHaveCount(0);
  await showView(page(), { state: { ...oneTimeCode, sending: true, sent: false } });
  await expect(preview().getByText(/sent you/)).toHaveCount(0);
  await showView(page(), { state: oneTimeCode });
  await expect(preview().getByText("We've sent you a one-time code.")).toBeVisible();
});

test('"Resend code" keeps focus while the new code is on its way, and the confirmation is visible', async () => {
  await showView(page(), { state: oneTimeCode });
  const resend = preview().getByRole('button', { name: 'Resend code' });
  await resend.focus();
  await showView(page(), { state: { ...oneTimeCode, sending: true, sent: false, attempt: 1 } });
  await expect(resend).toHaveAttribute('aria-disabled', 'true');
  expect(await focusedText()).toBe('Resend code');
  await showView(page(), { state: { ...oneTimeCode, attempt: 1 } });
  expect(await focusedText()).toBe('Resend code');
  const confirmation = preview().getByText('A new code has been sent.');
  await expect(confirmation).toBeVisible();
  expect((await confirmation.boundingBox())?.height).toBeGreaterThan(10);
  // Still announced: it sits in a polite live region.
  expect(await confirmation.evaluate((el) => el.closest('[aria-live]')?.getAttribute('aria-live'))).toBe(
    'polite',
  );
});

test('the magic-link "Resend" keeps focus, and "A new link has been sent." is visible', async () => {
  await showView(page(), { state: { ...magicLink, resendDisabled: false } });
  const resend = preview().getByRole('button', { name: 'Resend', exact: true });
  await resend.focus();
  await showView(page(), { state: { ...magicLink, resendDisabled: true } });
  expect(await focusedText()).toBe('Resend');
  await showView(page(), { state: { ...magicLink, resendDisabled: true, resent: 1 } });
  expect(await focusedText()).toBe('Resend');
  const confirmation = preview().getByText('A new link has been sent.');
  await expect(confirmation).toBeVisible();
  expect((await confirmation.boundingBox())?.height).toBeGreaterThan(10);
});

test('a pressed soft-disabled control does nothing', async () => {
  await showView(page(), { state: { ...oneTimeCode, sending: true } });
  await recordEvents();
  await preview().getByRole('button', { name: 'Resend code' }).click({ force: true });
  expect(await page().evaluate(() => (window as unknown as { seen: unknown[] }).seen)).toEqual([]);
});

test('after a wrong code each box is invalid and described by the error', async () => {
  await showView(page(), { state: VIEW_SAMPLES['one-time-code-invalid'] });
  const boxes = preview().locator('.otp input');
  await expect(boxes).toHaveCount(6);
  for (const box of await boxes.all()) {
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toHaveAccessibleDescription('Code is invalid or expired. Please try again.');
  }
});

async function textAlignOf(page: Page, selector: string): Promise<{ centre: number; box: number }> {
  return page.locator('passage-view-preview').evaluate((el, sel) => {
    const root = el.shadowRoot!;
    const target = root.querySelector(sel) as HTMLElement;
    const range = document.createRange();
    range.selectNodeContents(target);
    const text = range.getBoundingClientRect();
    const view = root.querySelector('.view')!.getBoundingClientRect();
    return { centre: text.left + text.width / 2, box: view.left + view.width / 2 };
  }, selector);
}

test('the passkey-create failure and add-device "Skip" sit centred under the centred layout', async () => {
  await showView(page(), { state: VIEW_SAMPLES['register-passkey-failed'] });
  const error = await textAlignOf(page(), '.error');
  expect(Math.abs(error.centre - error.box)).toBeLessThan(3);
  await showView(page(), { state: VIEW_SAMPLES['add-device'] });
  const skip = await textAlignOf(page(), '.links button');
  expect(Math.abs(skip.centre - skip.box)).toBeLessThan(3);
});

test('under reduced motion the magic-link spinner stands still', async () => {
  await showView(page(), { state: magicLink });
  const spinner = preview().getByRole('progressbar');
  await expect(spinner).toBeVisible();
  expect(await spinner.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
});

test('in Arabic the identifier input stays left-to-right', async () => {
  for (const allowedIdentifier of ['email', 'phone', 'both'] as const) {
    await showView(page(), {
      state: { ...VIEW_SAMPLES['identifier-login-email'], allowedIdentifier },
      language: 'ar',
    });
    const input = preview().locator('input[name="identifier"]');
    await expect(input).toHaveAttribute('dir', 'ltr');
    expect(await input.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  }
});

test('in Arabic the identifier beside Change reads left to right, the + of a phone number first', async () => {
  for (const state of [oneTimeCode, magicLink])
    for (const identifier of ['+15550100', 'ann@example.com']) {
      await showView(page(), {
        state: { ...state, identifier, identifierType: identifier.startsWith('+') ? 'phone' : 'email' },
        language: 'ar',
      });
      const shown = preview().locator('[part~="identifier"] strong');
      await expect(shown).toHaveText(identifier);
      // Where the first and the last character are drawn: the first must be the leftmost.
      const [first, last] = await shown.evaluate((el) => {
        const text = el.firstChild as Text;
        const left = (from: number) => {
          const range = document.createRange();
          range.setStart(text, from);
          range.setEnd(text, from + 1);
          return range.getBoundingClientRect().left;
        };
        return [left(0), left(text.length - 1)];
      });
      expect(first, `${state.kind} ${identifier}`).toBeLessThan(last);
    }
});

test('switching between login and register carries what was typed and the picked country', async () => {
  await showView(page(), { state: VIEW_SAMPLES.loading });
  await showView(page(), { state: { ...VIEW_SAMPLES['identifier-login-email'], allowedIdentifier: 'both' } });
  await recordEvents();
  await preview().getByLabel('Email or phone number').fill('07700 900123');
  await preview().getByRole('combobox', { name: 'Country' }).click();
  await preview()
    .getByRole('option', { name: /United Kingdom/ })
    .click();
  await preview().getByRole('button', { name: 'Register', exact: true }).click();
  expect(await page().evaluate(() => (window as unknown as { seen: unknown[] }).seen)).toEqual([
    { type: 'toggle-mode', identifier: '07700 900123', country: 'gb' },
  ]);
});

test('"Register with a code" stays available while the passkey prompt is open', async () => {
  await showView(page(), { state: { ...VIEW_SAMPLES['register-passkey'], busy: true } });
  await recordEvents();
  const fallback = preview().getByRole('button', { name: 'Register with a code' });
  await expect(fallback).toBeEnabled();
  await fallback.click();
  expect(await page().evaluate(() => (window as unknown as { seen: unknown[] }).seen)).toEqual([
    { type: 'use-fallback' },
  ]);
});
