import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type StartedServer, startServer } from '../../test-support/start-server.mjs';

/**
 * The contact form against a server of its own, so the failure test can really stop and restart it
 * (same port, same database) without disturbing the other tests.
 */
let server: StartedServer;
/** The first server's address; a restart listens on the same port (its `url` would name a fresh one). */
let baseUrl: string;
let env: Record<string, string>;
let dir: string;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'open-passage-contact-'));
  server = await startServer({
    DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
    CONTACT_TO: 'owner@example.com',
  });
  baseUrl = server.url;
  env = {
    DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
    CONTACT_TO: 'owner@example.com',
    PORT: new URL(server.url).port,
  };
});
test.afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function fillIn(page: Page, message: string) {
  await page.goto(`${baseUrl}/#ContactPage`);
  await expect(page.locator('form[data-ready="true"]')).toBeAttached(); // hydrated: its code has arrived
  await page.getByLabel('Your Name').fill('Dana Scout');
  await page.getByLabel('Your Email').fill('dana@example.com');
  await page.getByLabel('Your Message').fill(message);
}

async function outboxTexts(): Promise<string> {
  const response = await fetch(`${baseUrl}/dev/outbox`);
  const messages = (await response.json()) as { text: string; subject: string }[];
  return messages.map((m) => `${m.subject}\n${m.text}`).join('\n---\n');
}

test('a message sent from the form reaches the outbox, then the form says so and clears', async ({
  page,
}) => {
  const message = `Hello from the e2e test ${Date.now()}`;
  await fillIn(page, message);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Message delivered')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Your Message')).toHaveValue('');
  await expect(page.getByLabel('Your Name')).toHaveValue('');
  await expect.poll(outboxTexts, { timeout: 15_000 }).toContain(message);
});

test('"Send" keeps the focus while sending and after: a keyboard user is not thrown to the top', async ({
  page,
}) => {
  await fillIn(page, `Sent from the keyboard ${Date.now()}`);
  // Answered here: this test is about focus, and a real send would use up the server's per-IP allowance.
  await page.route('**/api/v1.0/email/send-form', (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: 'OK' }),
  );
  const send = page.getByRole('button', { name: 'Send' });
  await send.focus();
  await page.keyboard.press('Enter');
  const focused = () => page.evaluate(() => document.activeElement?.textContent);
  await expect(page.getByRole('button', { name: 'Sending…' })).toHaveAttribute('aria-disabled', 'true');
  expect(await focused()).toBe('Sending…');
  await expect(page.getByText('Message delivered')).toBeVisible({ timeout: 15_000 });
  expect(await focused()).toBe('Send');
});

test('with the server down the text stays and an error offers a retry, which succeeds once it is back', async ({
  page,
}) => {
  const message = `Sent while the server was down ${Date.now()}`;
  await fillIn(page, message);
  // Down, not going down mid-load: once nothing is in flight (the gallery's pictures load near the form).
  await page.waitForLoadState('networkidle');
  await server.stop();
  await page.getByRole('button', { name: 'Send' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Could not reach the server', { timeout: 15_000 });
  await expect(page.getByText('Message delivered')).toHaveCount(0);
  await expect(page.getByLabel('Your Message')).toHaveValue(message);
  await expect(page.getByLabel('Your Name')).toHaveValue('Dana Scout');

  server = await startServer(env);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Message delivered')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Your Message')).toHaveValue('');
  await expect.poll(outboxTexts, { timeout: 15_000 }).toContain(message);
});

test('when the endpoint fails the text stays and the error is shown; a retry succeeds once it recovers', async ({
  page,
}) => {
  const message = `Sent while the endpoint failed ${Date.now()}`;
  await fillIn(page, message);
  // A failing mail service: the endpoint answers 503 until the route is removed.
  await page.route('**/api/v1.0/email/send-form', (route) =>
    route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
  );
  await page.getByRole('button', { name: 'Send' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The mail service is having trouble', { timeout: 15_000 });
  await expect(page.getByLabel('Your Message')).toHaveValue(message);
  await expect(page.getByText('Message delivered')).toHaveCount(0);

  await page.unroute('**/api/v1.0/email/send-form');
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Message delivered')).toBeVisible({ timeout: 15_000 });
  await expect.poll(outboxTexts, { timeout: 15_000 }).toContain(message);
});

/** Fills the prerendered form as it arrived, before (or without) any of its code, and sends it. */
async function sendPrerenderedForm(page: Page, message: string) {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  await page.goto(`${baseUrl}/#ContactPage`);
  await page.getByLabel('Your Name').fill('Dana Scout');
  await page.getByLabel('Your Email').fill('dana@example.com');
  await page.getByLabel('Your Message').fill(message);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Message delivered' })).toBeVisible();
  await expect.poll(outboxTexts, { timeout: 15_000 }).toContain(message);
  // The text went in the body of a POST, never into an address (and so into logs and history).
  expect(urls.filter((url) => url.includes('message='))).toEqual([]);
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the prerendered form posts itself; the message arrives and a page says so', async ({ page }) => {
    await sendPrerenderedForm(page, `Sent without JavaScript ${Date.now()}`);
    await page.getByRole('link', { name: 'Back to the site' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Alex Rivera' })).toBeVisible();
  });
});

test('a submit before the form’s code has arrived posts the form itself; nothing is lost', async ({
  page,
}) => {
  // Hold the form's code back: until it comes, the prerendered form is all there is.
  await page.route(/\/assets\/ContactForm-[^/]+\.js$/, () => {});
  await sendPrerenderedForm(page, `Sent before hydration ${Date.now()}`);
});
