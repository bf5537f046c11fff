import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import {
  APPS,
  codeIn,
  countryBox,
  DEMO_APP,
  enterCode,
  errorLine,
  lastMessageTo,
  openPassage,
  openRegister,
  pickCountry,
  submitIdentifier,
  uniqueEmail,
  widget,
  withoutPasskeys,
} from './support';

const root = fileURLToPath(new URL('../../', import.meta.url));

type Hooked = HTMLElement & {
  beforeAuth?: (identifier: string) => boolean;
  onSuccess?: (result: { auth_token: string; redirect_url: string }) => void;
  onEvent?: (name: string) => void;
  theme?: string;
  lang: string;
};

test.beforeEach(async ({ page }) => {
  await withoutPasskeys(page);
});

test('beforeAuth vetoes; onSuccess replaces the redirect; onEvent and DOM events report the flow', async ({
  page,
}) => {
  const email = uniqueEmail('hooks');
  await page.addInitScript(() => {
    const w = window as { elementLoaded?: boolean; hookEvents?: string[] };
    document.addEventListener('loaded', () => (w.elementLoaded = true));
    // Any script of the page could listen so (a capture listener gets events that do not bubble): the
    // hook calls' arguments (identifier, tokens) reach a development tool that opted in, never a listener.
    w.hookEvents = [];
    window.addEventListener('passage-hook', (event) => w.hookEvents!.push(event.type), true);
  });
  const el = await openPassage(page);
  // The hooks below report the flow after the element has loaded (its onLoaded is not theirs to see).
  await page.waitForFunction(() => (window as { elementLoaded?: boolean }).elementLoaded === true);
  await el.evaluate((node: Hooked) => {
    const log: string[] = [];
    (window as unknown as { hookLog: string[] }).hookLog = log;
    node.beforeAuth = (identifier) => {
      log.push(`before:${identifier}`);
      return !identifier.startsWith('blocked');
    };
    node.onSuccess = (result) => log.push(`success:${result.redirect_url}`);
    node.onEvent = (name) => log.push(`event:${name}`);
    node.addEventListener('oneTimePasscodeActivated', () => log.push('dom:oneTimePasscodeActivated'));
  });
  // onLoaded is left out: it fires once the host API has loaded after the first paint, which on a busy
  // machine can be after the hooks above were set (or before).
  const log = () =>
    page.evaluate(() =>
      (window as unknown as { hookLog: string[] }).hookLog.filter((entry) => entry !== 'event:onLoaded'),
    );

  await openRegister(el);
  await submitIdentifier(el, 'Email address', 'blocked@example.com');
  await expect.poll(log).toEqual(['before:blocked@example.com']);
  await expect(el.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await expect(errorLine(el)).toHaveText('');

  await submitIdentifier(el, 'Email address', email);
  await enterCode(el, codeIn(await lastMessageTo(page, email)));
  await expect
    .poll(log)
    .toEqual([
      'before:blocked@example.com',
      `before:${email}`,
      'event:onOneTimePasscodeRegister',
      'dom:oneTimePasscodeActivated',
      'event:onOneTimePasscodeActivated',
      'event:onOneTimePasscodeActivateSuccess',
      'success:/passageSuccess',
    ]);
  expect(new URL(page.url()).pathname).toBe('/passage');
  expect(await page.evaluate(() => (window as { hookEvents?: string[] }).hookEvents)).toEqual([]);
});

test('theme: dark forced, auto following the system live; lang switches at run time', async ({ page }) => {
  const el = await openPassage(page);
  const container = el.locator('.container');
  await expect(container).toHaveAttribute('data-theme', 'light');
  await el.evaluate((node: Hooked) => (node.theme = 'dark'));
  await expect(container).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await el.evaluate((node: Hooked) => (node.theme = 'auto'));
  await expect(container).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(container).toHaveAttribute('data-theme', 'dark');

  await el.evaluate((node: Hooked) => (node.lang = 'ar'));
  await expect(container).toHaveAttribute('dir', 'rtl');
  await el.evaluate((node: Hooked) => (node.lang = 'de'));
  await expect(container).toHaveAttribute('lang', 'de');
  await expect(container).toHaveAttribute('dir', 'ltr');
});

test('without an app id the invalid-app-id notice shows instead of a spinner', async ({ page }) => {
  const el = await openPassage(page);
  await el.evaluate((node) => node.removeAttribute('app-id'));
  await expect(el.getByText('This app ID is invalid.')).toBeVisible();
  await expect(el.locator('.spinner')).toHaveCount(0);
});

test('when the app info fails, Try again asks for it again and shows the form once it answers', async ({
  page,
}) => {
  let down = true;
  await page.route(
    (url) => url.pathname === `/v1/apps/${DEMO_APP}`,
    (route) => (down ? route.abort('connectionrefused') : route.continue()),
  );
  await page.goto('/passage');
  const el = widget(page);
  await expect(el.locator('[part~="server-unreachable"]')).toBeVisible();
  down = false;
  await el.getByRole('button', { name: 'Try again' }).click();
  await expect(el.getByLabel('Email address', { exact: true })).toBeVisible();
  await expect(el.locator('[part~="invalid-app-id"]')).toHaveCount(0);
});

test('default-country-code can be changed at run time, until the user picks a country', async ({ page }) => {
  const el = await openPassage(page, APPS.phone);
  const box = countryBox(el);
  await expect(box).toContainText('United States');
  await el.evaluate((node) => node.setAttribute('default-country-code', 'gb'));
  await expect(box).toContainText('United Kingdom');
  await el.evaluate((node) => node.setAttribute('default-country-code', 'de'));
  await expect(box).toContainText('Germany');
  await pickCountry(el, 'France');
  await el.evaluate((node) => node.setAttribute('default-country-code', 'gb'));
  await expect(box).toContainText('France');
});

test('switching languages quickly ends on the last one asked for', async ({ page }) => {
  // Arabic arrives late: it must not replace the German asked for after it.
  await page.route('**/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('أدخل الرمز')) await new Promise((r) => setTimeout(r, 1500));
    await route.fulfill({ response, body });
  });
  const el = await openPassage(page);
  const container = el.locator('.container');
  await el.evaluate((node: Hooked) => {
    node.lang = 'ar';
    setTimeout(() => (node.lang = 'de'), 50);
  });
  await expect(container).toHaveAttribute('lang', 'de');
  await page.waitForTimeout(2000);
  await expect(container).toHaveAttribute('lang', 'de');
  await expect(container).toHaveAttribute('dir', 'ltr');
});

test('what the visitor does before the flow has loaded is not lost', async ({ page }) => {
  // A page with only the lazily loading elements (www/build), whose flow controller arrives late.
  await page.route('**/e2e-www/**', async (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop()!;
    const body = readFileSync(join(root, 'www/build', name), 'utf8');
    if (body.includes('libphonenumberReader') && !body.includes('parsePhoneNumber')) {
      await new Promise((r) => setTimeout(r, 2500));
    }
    await route.fulfill({ body, contentType: 'text/javascript' });
  });
  await page.route('**/e2e-widget.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>widget</title>
<script type="module" src="/e2e-www/open-passage.esm.js"></script></head>
<body><main><passage-auth app-id="${DEMO_APP}"></passage-auth></main></body></html>`,
    }),
  );
  const email = uniqueEmail('early');
  await page.goto('/e2e-widget.html');
  const el = widget(page);
  await el.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(el.getByRole('heading', { name: 'Register' })).toBeVisible({ timeout: 1000 });
  await el.getByLabel('Email address', { exact: true }).fill(email);
  await el.getByRole('button', { name: 'Continue' }).click();
  await expect(el.getByRole('heading', { name: 'Enter code' })).toBeVisible();
  await expect(el.getByText("We've sent you a one-time code.")).toBeVisible();
});

test('registering the elements twice is skipped', async ({ page }) => {
  // Serve the package's element modules from the page's origin, as a site installing it would.
  await page.route('**/e2e-elements/**', (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop()!;
    return route.fulfill({ path: join(root, 'dist/open-passage', name), contentType: 'text/javascript' });
  });
  await page.goto('/passage');
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const result = await page.evaluate(async () => {
    type Module = { defineCustomElement(): void; PassageLogin: CustomElementConstructor };
    const first = (await import('/e2e-elements/passage-login.js' as string)) as Module;
    first.defineCustomElement();
    const ctor = customElements.get('passage-login');
    first.defineCustomElement();
    // A second copy of the module (another bundle on the same page) defines a different class.
    const second = (await import('/e2e-elements/passage-login.js?copy=2' as string)) as Module;
    second.defineCustomElement();
    return {
      same: customElements.get('passage-login') === ctor,
      distinct: first.PassageLogin !== second.PassageLogin,
    };
  });
  expect(result).toEqual({ same: true, distinct: true });
  expect(errors).toEqual([]);
});
