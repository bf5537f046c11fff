import { existsSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_APP } from './support';

// No request to the page's own origin before the element knows its api-url, however a framework sets it:
// a server-rendered element (marked defer-hydration) whose properties arrive when the framework hydrates,
// and an element a framework creates in the browser and gives its properties right after inserting it.

const root = fileURLToPath(new URL('../../', import.meta.url));
const build = join(root, 'www/build');
const api = () => process.env.E2E_BASE_URL!.replace(/\/+$/, '');

/** The pages, as a framework would leave them; `api` is the identity server's URL. */
const pages: Record<string, (api: string) => string> = {
  // Server-rendered: the element is in the HTML before the framework's script sets its properties.
  '/server-rendered': (api) => `<passage-auth app-id="${DEMO_APP}" defer-hydration></passage-auth>
<script type="module">
  await customElements.whenDefined('passage-auth');
  await new Promise((resolve) => setTimeout(resolve, 800));
  const element = document.querySelector('passage-auth');
  element.apiUrl = ${JSON.stringify(api)};
  element.removeAttribute('defer-hydration');
</script>`,
  // Rendered in the browser: created, inserted, then given its properties (as @lit/react does).
  '/client-rendered': (api) => `<div id="root"></div>
<script type="module">
  const element = document.createElement('passage-auth');
  element.appId = ${JSON.stringify(DEMO_APP)};
  document.getElementById('root').append(element);
  element.apiUrl = ${JSON.stringify(api)};
</script>`,
};

let site: Server;
let SITE = '';
/** Every request the page's own origin received under /v1/. */
let originApiRequests: string[] = [];

test.beforeAll(async () => {
  site = createHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    if (url.pathname.startsWith('/v1/')) originApiRequests.push(url.pathname);
    const body = pages[url.pathname];
    if (body) {
      res.writeHead(200, { 'content-type': 'text/html' }).end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script type="module" src="/build/open-passage.esm.js"></script></head><body>${body(api())}</body></html>`,
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
test.beforeEach(() => {
  originApiRequests = [];
});

/** Opens `path` and waits until the element has asked the identity server for its app. */
async function open(page: Page, path: string): Promise<string[]> {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/v1/apps/')) asked.push(request.url());
  });
  const appInfo = page.waitForRequest((request) => request.url().startsWith(`${api()}/v1/apps/`));
  await page.goto(`${SITE}${path}`);
  await appInfo;
  // The element's answer is in (this page's origin is not the demo app's: its notice says so).
  await expect(page.locator('passage-auth').getByRole('alert')).toBeVisible();
  return asked;
}

for (const path of Object.keys(pages)) {
  test(`${path}: the element asks only the identity server, never the page's origin`, async ({ page }) => {
    const asked = await open(page, path);
    expect(asked, `the element asked ${asked.join(', ')}`).toEqual([`${api()}/v1/apps/${DEMO_APP}`]);
    expect(originApiRequests, "the page's own origin received API requests").toEqual([]);
  });
}

test('a server-rendered element waits for hydration: nothing is asked while defer-hydration is set', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/v1/')) asked.push(request.url());
  });
  await page.route(`${SITE}/server-rendered`, async (route) => {
    const response = await route.fetch();
    // A framework that never hydrates: the attribute stays.
    const html = (await response.text()).replace(
      /<script type="module">\s*await customElements[\s\S]*?<\/script>/,
      '',
    );
    await route.fulfill({ response, body: html });
  });
  await page.goto(`${SITE}/server-rendered`);
  await page.waitForFunction(() => customElements.get('passage-auth') !== undefined);
  await page.waitForTimeout(1500);
  expect(asked).toEqual([]);
});
