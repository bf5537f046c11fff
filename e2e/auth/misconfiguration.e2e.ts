import { existsSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_APP } from './support';

const root = fileURLToPath(new URL('../../', import.meta.url));
const build = join(root, 'www/build');

/** A port nothing listens on (free a moment ago). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * A site on an origin of its own (a port of this machine, as a developer's page server would be: a
 * page Playwright routes has no address, and Chromium keeps such a page from calling the loopback
 * address) with `<passage-auth>` and `<passage-profile>` from www/build, for the app and API the
 * query names, as a site owner would set them up.
 */
let site: Server;
let SITE = '';
test.beforeAll(async () => {
  site = createHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    if (url.pathname === '/') {
      const app = url.searchParams.get('app') ?? '';
      const api = url.searchParams.get('api') ?? '';
      res.writeHead(200, { 'content-type': 'text/html' }).end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script type="module" src="/build/open-passage.esm.js"></script></head>
<body><main><passage-auth app-id="${app}" api-url="${api}"></passage-auth>
<passage-profile app-id="${app}" api-url="${api}"></passage-profile></main></body></html>`,
      );
      return;
    }
    const file = normalize(join(root, 'www', url.pathname));
    if (!file.startsWith(build) || !existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  SITE = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise((resolve) => site.close(resolve)));

const openSite = (page: Page, app: string, api: string) =>
  page.goto(`${SITE}/?${new URLSearchParams({ app, api })}`);

const server = () => process.env.E2E_BASE_URL!.replace(/\/+$/, '');

/** The sign-in element's and the profile's notice. */
const notices = (page: Page) => [
  page.locator('passage-auth').getByRole('alert'),
  page.locator('passage-profile').getByRole('alert'),
];

test('a wrong app id: the notice names the id and the server, and says to check app-id', async ({ page }) => {
  await openSite(page, 'noSuchApp00000000000000', server());
  for (const notice of notices(page)) {
    await expect(notice).toHaveText(
      `The identity server at ${server()} has no app with the ID “noSuchApp00000000000000”. Check the app-id attribute.`,
    );
    await expect(notice).toHaveAttribute('part', /\bapp-not-found\b/);
  }
});

test("a page outside the app's auth_origin: the notice names both origins and how to allow this one", async ({
  page,
  request,
}) => {
  // The demo app's auth_origin, as the server reads it from its apps file (${PUBLIC_URL}).
  const info = await request.get(`${server()}/v1/apps/${DEMO_APP}`);
  const authOrigin = ((await info.json()) as { app: { auth_origin: string } }).app.auth_origin;
  await openSite(page, DEMO_APP, server());
  for (const notice of notices(page)) {
    await expect(notice).toHaveText(
      `This page's origin, ${SITE}, may not use this app: its auth_origin is ${authOrigin}. ` +
        `Set the app's auth_origin to ${SITE} in the identity server's apps file, ` +
        `or restart the server with --auth-origin ${SITE} if its first run wrote that file.`,
    );
    await expect(notice).toHaveAttribute('part', /\borigin-not-allowed\b/);
  }
});

test('an api-url where no server listens: the notice names the URL it tried and the api-url attribute', async ({
  page,
}) => {
  const nowhere = `http://127.0.0.1:${await closedPort()}`;
  await openSite(page, DEMO_APP, nowhere);
  for (const notice of notices(page)) {
    await expect(notice).toHaveText(
      `No identity server answered at ${nowhere}/v1/apps/${DEMO_APP}. Check that it is running, or set the api-url attribute to its address.`,
    );
    await expect(notice).toHaveAttribute('part', /\bserver-unreachable\b/);
  }
});
