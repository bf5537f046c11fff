import { expect, type Page, test } from '@playwright/test';
import { addVirtualAuthenticator, openPassage, openRegister, submitIdentifier, uniqueEmail } from './support';

/**
 * When the browser's passkey prompt opens (docs/sign-in-elements.md#passkey-prompts): on entering a
 * passkey step only where the browser reported a platform authenticator, else on the step's button;
 * and a prompt the visitor closed is said as such, with the step's ways on.
 */

/** Counts the page's modal WebAuthn requests (passkey autofill, a conditional `get`, shows no prompt). */
async function countPrompts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const prompts = { create: 0, get: 0 };
    (window as unknown as { prompts: typeof prompts }).prompts = prompts;
    const credentials = navigator.credentials;
    const create = credentials.create.bind(credentials);
    const get = credentials.get.bind(credentials);
    credentials.create = (options) => {
      prompts.create++;
      return create(options);
    };
    credentials.get = (options) => {
      if (options?.mediation !== 'conditional') prompts.get++;
      return get(options);
    };
  });
}

const prompts = (page: Page) =>
  page.evaluate(() => (window as unknown as { prompts: { create: number; get: number } }).prompts);

async function register(page: Page, email: string) {
  const el = await openPassage(page);
  await openRegister(el);
  await submitIdentifier(el, 'Email address', email);
  return el;
}

test('without a platform authenticator, registration opens no prompt until "Create a passkey" is pressed', async ({
  page,
}) => {
  // WebAuthn on, no authenticator: isUserVerifyingPlatformAuthenticatorAvailable() answers false.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  await countPrompts(page);
  const el = await register(page, uniqueEmail('noplatform'));

  await expect(el.getByRole('heading', { name: 'Register your account' })).toBeVisible();
  const create = el.getByRole('button', { name: 'Create a passkey' });
  await expect(create).toBeEnabled();
  // Time for a prompt the flow might still open on its own.
  await page.waitForTimeout(500);
  expect(await prompts(page)).toEqual({ create: 0, get: 0 });

  await create.click();
  await expect.poll(() => prompts(page)).toEqual({ create: 1, get: 0 });
  // The visitor's way out of the prompt it asked for: the fallback cancels it.
  await el.getByRole('button', { name: 'Register with a code' }).click();
  await expect(el.getByRole('heading', { name: 'Enter code' })).toBeVisible();
});

test('with a platform authenticator the prompt opens on entry; closing it says so, and Try again registers', async ({
  page,
}) => {
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  // The authenticator refuses user verification: WebAuthn rejects with NotAllowedError, as when the
  // visitor closes the prompt.
  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
  await countPrompts(page);
  const el = await register(page, uniqueEmail('closedprompt'));

  await expect(el.getByText('The passkey request was cancelled or could not be completed.')).toBeVisible();
  expect((await prompts(page)).create).toBe(1);
  await expect(el.getByRole('heading', { name: 'Register your account' })).toBeVisible();
  await expect(el.getByText('Something went wrong')).toHaveCount(0);
  await expect(el.getByRole('button', { name: 'Register with a code' })).toBeVisible();
  await expect(el.getByRole('button', { name: 'Change email' })).toBeVisible();

  await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });
  await el.getByRole('button', { name: 'Try again' }).click();
  await page.waitForURL('**/passageSuccess');
});
