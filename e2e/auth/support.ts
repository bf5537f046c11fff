import { DatabaseSync } from 'node:sqlite';
import { type BrowserContext, type CDPSession, expect, type Locator, type Page } from '@playwright/test';

export const DEMO_APP = 'opDemo7Kq2Lx9RmT4wYc6dHf';
export const APPS = {
  magicLink: 'e2eMagicLinkApp00000001',
  phone: 'e2ePhoneApp000000000001',
  both: 'e2eBothApp0000000000001',
  closed: 'e2eClosedApp00000000001',
  noFallback: 'e2eNoFallbackApp0000001',
  metadata: 'e2eMetadataApp000000001',
} as const;

/** A fresh address per test, so tests never share users. */
export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** A fresh valid US number (555-01xx is reserved for fiction but not valid; use a real area code). */
export const uniqueUsPhone = () => `201${String(Math.floor(2_000_000 + Math.random() * 7_000_000))}`;

export const widget = (page: Page): Locator => page.locator('passage-auth');

/** Opens the demo's /passage route and, for another app, switches the element's app id. */
export async function openPassage(page: Page, appId: string = DEMO_APP, query = ''): Promise<Locator> {
  await page.goto(`/passage${query}`);
  const el = widget(page);
  await expect(el).toHaveAttribute('app-id', DEMO_APP);
  // The page arrives prerendered, app-id in its markup: only once React has hydrated it and set the
  // element's props (theme "auto" among them) may a test switch the app, or hydration would undo that.
  await expect
    .poll(() => el.evaluate((node) => (node as HTMLElement & { theme?: string }).theme))
    .toBe('auto');
  if (appId !== DEMO_APP) {
    await el.evaluate((node, id) => {
      (node as HTMLElement & { appId: string }).appId = id;
    }, appId);
    await expect(el).toHaveAttribute('app-id', appId);
  }
  return el;
}

/** Passkeys unavailable: the page sees no WebAuthn at all. */
export async function withoutPasskeys(context: BrowserContext | Page): Promise<void> {
  await context.addInitScript(() => {
    delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
  });
}

/** A CDP virtual platform authenticator (resident keys, user verification) for this page. */
export async function addVirtualAuthenticator(
  page: Page,
): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

/** The newest message the server "sent" to `to` (GET /dev/outbox), waiting for it to arrive. */
export async function lastMessageTo(page: Page, to: string, after?: string): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/dev/outbox');
        const all = (await response.json()) as OutboxMessage[];
        found = all.find((m) => m.to === to && m.id !== after);
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

export const codeIn = (message: OutboxMessage): string => {
  const match = /\b(\d{6})\b/.exec(message.text);
  if (!match) throw new Error(`no 6-digit code in: ${message.text}`);
  return match[1]!;
};

export const linkIn = (message: OutboxMessage): string => {
  const match = /(https?:\/\/\S+psg_(?:magic|verify)_link=[^\s"<>]+)/.exec(message.text);
  if (!match) throw new Error(`no magic link in: ${message.text}`);
  return match[1]!;
};

/** Types the code into the six boxes (the first box takes the whole code, like autofill). */
export async function enterCode(el: Locator, code: string): Promise<void> {
  await el.getByLabel('Digit 1 of 6').fill(code);
}

export async function submitIdentifier(el: Locator, label: string, value: string): Promise<void> {
  await el.getByLabel(label, { exact: true }).fill(value);
  await el.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Switches the form to Register and waits until it shows: text typed before the new form renders goes
 * into the sign-in form it replaces (what a person types after the click always lands in the new one).
 */
export async function openRegister(el: Locator): Promise<void> {
  await el.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(el.getByRole('heading', { name: 'Register', exact: true })).toBeVisible();
}

export const errorLine = (el: Locator): Locator => el.locator('p.error').first();

/** The phone country dropdown (a combobox with a listbox). */
export const countryBox = (el: Locator): Locator => el.getByRole('combobox', { name: 'Country' });

/** Picks a country in the dropdown by typing its name (typeahead) and Enter, as a keyboard user would. */
export async function pickCountry(el: Locator, name: string): Promise<void> {
  const box = countryBox(el);
  await box.focus();
  await box.pressSequentially(name);
  await box.press('Enter');
  await expect(box).toContainText(name);
}

/** Marks a user inactive in the e2e server's database (no API deactivates users). */
export function deactivate(identifier: string): void {
  const file = process.env.E2E_DATABASE_FILE;
  if (!file) throw new Error('E2E_DATABASE_FILE is not set (see e2e/support/global-setup.ts)');
  const db = new DatabaseSync(file, { timeout: 5000 });
  try {
    const changed = db
      .prepare("UPDATE users SET status = 'inactive' WHERE email = ? OR phone = ?")
      .run(identifier, identifier).changes;
    if (changed === 0) throw new Error(`no user ${identifier} to deactivate`);
  } finally {
    db.close();
  }
}

/** Registers `email` on `appId` through the widget, with the code from the outbox. */
export async function registerByCode(
  page: Page,
  appId: string,
  label: string,
  identifier: string,
  to = identifier,
) {
  const el = await openPassage(page, appId);
  await openRegister(el);
  await submitIdentifier(el, label, identifier);
  const message = await lastMessageTo(page, to);
  await enterCode(el, codeIn(message));
  await page.waitForURL('**/passageSuccess');
  await page.evaluate(() => {
    localStorage.removeItem('psg_auth_token');
    localStorage.removeItem('psg_refresh_token');
    localStorage.removeItem('psg_last_login');
  });
  return message;
}
