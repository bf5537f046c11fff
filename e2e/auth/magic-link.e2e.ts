import { expect, test } from '@playwright/test';
import {
  APPS,
  lastMessageTo,
  linkIn,
  openPassage,
  openRegister,
  submitIdentifier,
  uniqueEmail,
  withoutPasskeys,
} from './support';

test('magic link: registration and login completed in a second tab while the first one polls', async ({
  context,
  page,
}) => {
  test.setTimeout(60_000);
  await withoutPasskeys(context);
  const email = uniqueEmail('link');

  // Register: the first tab waits 2 s, sends the link and polls every 5 s.
  let el = await openPassage(page, APPS.magicLink);
  await openRegister(el);
  await submitIdentifier(el, 'Email address', email);
  await expect(el.getByRole('heading', { name: 'Check your email to register' })).toBeVisible();
  const registration = await lastMessageTo(page, email);
  const second = await context.newPage();
  await openLinkFor(second, linkIn(registration));
  await page.waitForURL('**/passageSuccess', { timeout: 15_000 });

  // Log in the same way.
  await page.evaluate(() => localStorage.removeItem('psg_auth_token'));
  el = await openPassage(page, APPS.magicLink);
  await submitIdentifier(el, 'Email address', email);
  await expect(el.getByRole('heading', { name: 'Check your email to sign in' })).toBeVisible();
  await expect(el.getByRole('button', { name: 'Resend' })).toBeEnabled({ timeout: 5_000 });
  const login = await lastMessageTo(page, email, registration.id);
  await openLinkFor(second, linkIn(login));
  await page.waitForURL('**/passageSuccess', { timeout: 15_000 });
});

/** Opens the link in `tab`: the demo's element carries the demo app id, so switch it to the link's app. */
async function openLinkFor(tab: import('@playwright/test').Page, link: string) {
  const url = new URL(link);
  const el = await openPassage(tab, APPS.magicLink, url.search);
  await expect(el.getByText('You are signed in. Redirecting…')).toBeVisible();
}

test('resending a link says so, visibly and to screen readers, each time', async ({ page }) => {
  await withoutPasskeys(page);
  const email = uniqueEmail('resendlink');
  const el = await openPassage(page, APPS.magicLink);
  await openRegister(el);
  await submitIdentifier(el, 'Email address', email);
  const first = await lastMessageTo(page, email);
  const resend = el.getByRole('button', { name: 'Resend' });
  const status = el.locator('p.confirmation[aria-live="polite"]');
  await expect(status).toHaveText('');
  await resend.click();
  await lastMessageTo(page, email, first.id);
  await expect(status).toHaveText('A new link has been sent.');
  const shown = await status.locator('span').elementHandle();
  await expect(resend).toBeEnabled();
  await resend.click();
  await expect.poll(() => shown!.evaluate((node) => node.isConnected)).toBe(false);
  await expect(status).toHaveText('A new link has been sent.');
});

test('an invalid link shows the invalid-link screen and offers a new link', async ({ page }) => {
  await withoutPasskeys(page);
  const el = await openPassage(page, APPS.magicLink, '?psg_magic_link=not-a-real-token');
  await expect(el.getByText('Invalid link')).toBeVisible();
  await el.getByRole('button', { name: 'Request new link' }).click();
  await page.waitForURL((url) => url.pathname === '/passage' && url.search === '');
});
