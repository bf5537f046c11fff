import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { enterCode, openRegister, submitIdentifier, uniqueEmail, withoutPasskeys } from '../auth/support';
import {
  codeFromOutbox,
  installTimes,
  timedInstall,
  serverFolder,
  startPackedServer,
  writeAppsFile,
} from './packed-server';
import { packed, preparedFolder, repoVersion, run } from './support';

// Each test runs real tools (vite, npm, a server) in a fresh folder: minutes on a busy 2-core machine.
test.describe.configure({ timeout: 180_000 });

// A new Svelte 5 + Vite app that installs the packed open-passage, defines the elements with
// defineCustomElements() from open-passage/loader, builds, and signs in against the packed server.

const APP_ID = 'pkgSvelteApp00000000001';
let app = '';

function write(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

function svelteAppFolder(): Promise<string> {
  return preparedFolder('svelte-app', async (dir) => {
    const tarballs = packed();
    write(dir, {
      'package.json': JSON.stringify({
        name: 'fresh-svelte-app',
        private: true,
        type: 'module',
        dependencies: { 'open-passage': `file:${tarballs['open-passage'].tarball}` },
        devDependencies: {
          svelte: '^5.57.3',
          '@sveltejs/vite-plugin-svelte': '^7.3.1',
          vite: repoVersion('vite'),
        },
      }),
      'index.html': `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Sign in</title></head>
  <body><div id="app"></div><script type="module" src="/src/main.js"></script></body>
</html>
`,
      'vite.config.js': `import { svelte } from '@sveltejs/vite-plugin-svelte';
export default { plugins: [svelte()] };
`,
      'src/main.js': `import { mount } from 'svelte';
import { defineCustomElements } from 'open-passage/loader';
import App from './App.svelte';

defineCustomElements();
mount(App, { target: document.getElementById('app') });
`,
      // Svelte 5 listens to a custom element's event by its exact name with the on… attribute.
      'src/App.svelte': `<script>
  let activated = $state(false);
</script>

<passage-auth
  app-id="${APP_ID}"
  ononeTimePasscodeActivated={() => {
    activated = true;
    sessionStorage.setItem('activated-by', 'svelte');
  }}
></passage-auth>
{#if activated}<p>Code accepted</p>{/if}
`,
      'public/signed-in.html':
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signed in</title></head>' +
        '<body><h1>Signed in</h1></body></html>\n',
    });
    await timedInstall(dir, 300_000);
  });
}

test.beforeAll(async () => {
  test.setTimeout(480_000);
  const started = Date.now();
  // The app and the server it signs in against are installed side by side.
  [app] = await Promise.all([svelteAppFolder(), serverFolder()]);
  const installs = `npm install (per packing, in parallel): ${installTimes({ app: app, server: await serverFolder() })}; ready in ${((Date.now() - started) / 1000).toFixed(0)} s`;
  test.info().annotations.push({ type: 'install', description: installs });
  console.log(installs);
});

test('a Svelte 5 app built with Vite signs in by one-time code against the packed server', async ({
  page,
}) => {
  const build = await run(join(app, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], app);
  expect(build.code, `vite build of the fresh Svelte app failed:\n${build.output}`).toBe(0);
  const server = await startPackedServer({
    APPS_FILE: writeAppsFile(app, APP_ID, 'fresh Svelte app', '/signed-in.html'),
    STATIC_DIR: join(app, 'dist'),
  });
  try {
    await withoutPasskeys(page);
    const email = uniqueEmail('svelte-otp');
    await page.goto(`${server.url}/`);
    const el = page.locator('passage-auth');
    await openRegister(el);
    await submitIdentifier(el, 'Email address', email);
    await enterCode(el, await codeFromOutbox(page, server.url, email));
    await page.waitForURL('**/signed-in.html');
    expect(await page.evaluate(() => localStorage.getItem('psg_auth_token'))).toMatch(/^ey/);
    expect(
      await page.evaluate(() => sessionStorage.getItem('activated-by')),
      'the Svelte ononeTimePasscodeActivated handler never ran',
    ).toBe('svelte');
  } finally {
    await server.stop();
  }
});
