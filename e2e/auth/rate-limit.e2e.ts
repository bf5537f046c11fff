import { expect, test } from '@playwright/test';
import { startServer } from '../../test-support/start-server.mjs';
import { errorLine, openRegister, submitIdentifier, uniqueEmail, widget, withoutPasskeys } from './support';

// A server of this file's own whose limits are scaled down (RATE_LIMIT_FACTOR 0.01: one code per
// identifier and app; server/test/security/retry-after.test.ts), so a registration's second code is
// refused with 429 and a Retry-After. The shared e2e server raises its limits instead.
let server: Awaited<ReturnType<typeof startServer>>;
test.beforeAll(async () => {
  const appsFile = new URL('../support/e2e-apps.json', import.meta.url).pathname;
  server = await startServer({ APPS_FILE: appsFile, RATE_LIMIT_FACTOR: '0.01', DEBUG_PANEL_FILE: '' });
});
test.afterAll(() => server?.stop());

test('too many codes: the code screen says when to try again, from the Retry-After', async ({ page }) => {
  await withoutPasskeys(page);
  await page.goto(`${server.url}/passage`);
  const el = widget(page);
  // Hydrated (as support's openPassage waits): the form's state is React's from now on.
  await expect
    .poll(() => el.evaluate((node) => (node as HTMLElement & { theme?: string }).theme))
    .toBe('auto');
  const email = uniqueEmail('too-many');
  await openRegister(el);
  await submitIdentifier(el, 'Email address', email);
  await expect(el.getByText("We've sent you a one-time code.")).toBeVisible();

  const refused = page.waitForResponse((r) => r.url().endsWith('/register/otp') && r.status() === 429);
  await el.getByRole('button', { name: 'Resend code' }).click();
  const seconds = Number((await refused).headers()['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  const minutes = Math.ceil(seconds / 60);
  await expect(errorLine(el)).toHaveText(
    minutes > 1
      ? `Too many attempts. Try again in ${minutes} minutes.`
      : 'Too many attempts. Try again in a minute.',
  );
  // The screen and the address stay: the visitor can still enter the code that did arrive.
  await expect(el.locator('[part~="identifier"]')).toHaveText(`${email} Change`);
});
