import { createServer, type Server } from 'node:http';
import { expect, type Page, test } from '@playwright/test';
import { type StartedServer, startServer } from '../../test-support/start-server.mjs';

/**
 * The switch to EmailJS's own service (README, demo): the site's CSP lets the page send only to its own
 * origin unless the server's CSP_CONNECT_SRC names another. A stand-in for api.emailjs.com on another
 * port answers what EmailJS answers.
 */
let emailJs: Server;
let emailJsOrigin: string;
const received: string[] = [];

test.beforeAll(async () => {
  emailJs = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push(body);
      response.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' });
      response.end('OK');
    });
  });
  await new Promise<void>((resolve) => emailJs.listen(0, '127.0.0.1', resolve));
  const address = emailJs.address() as { port: number };
  emailJsOrigin = `http://127.0.0.1:${address.port}`;
});
test.afterAll(() => new Promise<void>((resolve) => emailJs.close(() => resolve())));

/** What @emailjs/browser does on submit: POST the form's fields to {origin}/api/v1.0/email/send-form. */
function postFromPage(page: Page, origin: string) {
  return page.evaluate(async (url) => {
    const form = new FormData();
    form.append('message', 'through EmailJS');
    try {
      return await (await fetch(url, { method: 'POST', body: form })).text();
    } catch (error) {
      return `blocked: ${String(error)}`;
    }
  }, `${origin}/api/v1.0/email/send-form`);
}

test('by default the page may not send to another origin', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => m.text().includes('Content Security Policy') && violations.push(m.text()));
  await page.goto('/');
  expect(await postFromPage(page, emailJsOrigin)).toMatch(/^blocked/);
  expect(violations.join('\n')).toContain('connect-src');
  expect(received).toEqual([]);
});

test('CSP_CONNECT_SRC on the server lets it send there', async ({ page }) => {
  let server: StartedServer | undefined;
  try {
    server = await startServer({ CSP_CONNECT_SRC: emailJsOrigin });
    await page.goto(server.url);
    expect(await postFromPage(page, emailJsOrigin)).toBe('OK');
    expect(received.at(-1)).toContain('through EmailJS');
  } finally {
    await server?.stop();
  }
});
