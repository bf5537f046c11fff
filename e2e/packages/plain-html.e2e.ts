import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  addVirtualAuthenticator,
  enterCode,
  openRegister,
  submitIdentifier,
  uniqueEmail,
  withoutPasskeys,
} from '../auth/support';
import {
  codeFromOutbox,
  installTimes,
  type PackedServer,
  serverFolder,
  startPackedServer,
  timedInstall,
  writeAppsFile,
} from './packed-server';
import { packed, preparedFolder } from './support';

// Each test runs real tools (tsc, vite, npm, a server) in a fresh folder: minutes on a busy 2-core machine.
test.describe.configure({ timeout: 180_000 });

// A plain HTML page that uses the packed open-passage as its README says: install it, copy
// node_modules/open-passage/dist/open-passage/ next to the page, one module script tag, <passage-auth>.
// The page is served by its own identity server (the packed open-passage-server, STATIC_DIR = the page's
// folder, an apps file whose one app has the page's origin), so the page and the API share an origin.

const APP_ID = 'pkgHtmlPage000000000001';
const SIGNED_IN = '/signed-in.html';

let site = '';
let server: PackedServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(480_000);
  const started = Date.now();
  // The page's folder and the server's are installed side by side (see serverFolder).
  const [dir] = await Promise.all([htmlPageFolder(), serverFolder()]);
  const installs = `npm install (per packing, in parallel): ${installTimes({ page: dir, server: await serverFolder() })}; ready in ${((Date.now() - started) / 1000).toFixed(0)} s`;
  test.info().annotations.push({ type: 'install', description: installs });
  console.log(installs);
  site = join(dir, 'site');
  // The server serves a site only if it has an index.html when it starts; the page names the server's
  // address, known once it runs (the file is read again on each request).
  writeFileSync(join(site, 'index.html'), page(''));
  server = await startPackedServer({
    APPS_FILE: writeAppsFile(dir, APP_ID, 'plain HTML page', SIGNED_IN),
    STATIC_DIR: site,
  });
  writeFileSync(join(site, 'index.html'), page(server.url));
});

/** The page's folder: the packed open-passage installed, its dist/open-passage/ copied next to the page. */
function htmlPageFolder(): Promise<string> {
  return preparedFolder('html-page', async (folder) => {
    const tarball = packed()['open-passage'].tarball;
    writeFileSync(
      join(folder, 'package.json'),
      JSON.stringify({
        name: 'plain-page',
        private: true,
        dependencies: { 'open-passage': `file:${tarball}` },
      }),
    );
    await timedInstall(folder, 90_000);
    const dist = join(folder, 'node_modules', 'open-passage', 'dist', 'open-passage');
    if (!existsSync(join(dist, 'open-passage.esm.js'))) {
      throw new Error(
        'node_modules/open-passage/dist/open-passage/open-passage.esm.js is missing from the open-passage ' +
          'tarball: the documented script tag has nothing to load',
      );
    }
    mkdirSync(join(folder, 'site'));
    cpSync(dist, join(folder, 'site', 'open-passage'), { recursive: true });
    writeFileSync(
      join(folder, 'site', 'signed-in.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signed in</title></head>' +
        '<body><h1>Signed in</h1></body></html>\n',
    );
  });
}

/** The page, naming the server it talks to as a page on another host would (`api-url`). */
const page = (apiUrl: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Sign in</title>
    <script type="module" src="/open-passage/open-passage.esm.js"></script>
  </head>
  <body>
    <passage-auth app-id="${APP_ID}" api-url="${apiUrl}"></passage-auth>
  </body>
</html>
`;

test.afterAll(async () => {
  await server?.stop();
});

/** Records the element's DOM events (they bubble out of <passage-auth>) and every request's origin. */
async function watch(page: Page) {
  const events: string[] = [];
  const foreign: string[] = [];
  await page.exposeFunction('recordPassageEvent', (name: string) => events.push(name));
  await page.addInitScript(() => {
    for (const name of ['oneTimePasscodeActivated', 'oneTimePasscodeRegister', 'registerDevice', 'loaded']) {
      document.addEventListener(name, () =>
        (window as unknown as { recordPassageEvent(n: string): void }).recordPassageEvent(name),
      );
    }
  });
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== server!.url) foreign.push(request.url());
  });
  return { events, foreign };
}

async function openPage(page: Page) {
  await page.goto(`${server!.url}/`);
  const el = page.locator('passage-auth');
  await expect(
    el.getByRole('button', { name: 'Register', exact: true }),
    'the element never rendered: the script tag /open-passage/open-passage.esm.js did not define <passage-auth>',
  ).toBeVisible();
  return el;
}

async function signedIn(page: Page) {
  await page.waitForURL(`**${SIGNED_IN}`);
  expect(await page.evaluate(() => localStorage.getItem('psg_auth_token'))).toMatch(/^ey/);
}

test('the script tag page registers by one-time code from the outbox', async ({ page }) => {
  await withoutPasskeys(page);
  const { events, foreign } = await watch(page);
  const email = uniqueEmail('html-otp');
  const el = await openPage(page);
  await openRegister(el);
  await submitIdentifier(el, 'Email address', email);
  await enterCode(el, await codeFromOutbox(page, server!.url, email));
  await signedIn(page);
  expect(events).toContain('oneTimePasscodeActivated');
  expect(foreign, 'the page loaded something from another origin').toEqual([]);
});

test('the script tag page registers a passkey and signs in with it', async ({ browser }) => {
  const context: BrowserContext = await browser.newContext();
  try {
    const page = await context.newPage();
    await addVirtualAuthenticator(page);
    const { events, foreign } = await watch(page);
    const email = uniqueEmail('html-passkey');
    const el = await openPage(page);
    await openRegister(el);
    await submitIdentifier(el, 'Email address', email);
    await signedIn(page);
    expect(events).toContain('registerDevice');

    // Signed out, the page signs in again with the passkey (autofill: the virtual authenticator answers).
    await page.evaluate(() => {
      localStorage.removeItem('psg_auth_token');
      localStorage.removeItem('psg_refresh_token');
    });
    // The first visit's page again: the browser revalidates it (304), and its scripts must still run.
    await page.goto(`${server!.url}/`);
    await signedIn(page);
    expect(foreign, 'the page loaded something from another origin').toEqual([]);
  } finally {
    await context.close();
  }
});
