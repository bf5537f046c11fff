import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { enterCode, openRegister, submitIdentifier, uniqueEmail, withoutPasskeys } from '../auth/support';
import { codeFromOutbox, type PackedServer, startPackedServer } from './packed-server';
import { npmInstall, packed, preparedFolder, repoVersion, run } from './support';

// Each test runs real tools (vue-tsc, vite, npm, a server) in a fresh folder: minutes on a busy 2-core machine.
test.describe.configure({ timeout: 180_000 });

// A new Vue 3 + Vite + TypeScript app that installs only the packed open-passage-vue (which must bring
// open-passage with it) and the packed open-passage-server, with no Vue compiler option at all (no
// isCustomElement): it type-checks with vue-tsc, builds, and its production build, served by the
// packed server (STATIC_DIR), signs in by a one-time code read from the server's dev outbox.

const APP_ID = 'pkgVueApp00000000000001';

let app = '';
const bin = (tool: string) => join(app, 'node_modules', '.bin', tool);

function write(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

// Every event a sign-in element documents, each recorded by a Vue handler as `name:detail` in the page.
// Half are written kebab-case, half camelCase: Vue templates take both.
const APP_VUE = `<script setup lang="ts">
import { ref } from 'vue';
import type { AuthResult, OnEvent, OnSuccess } from 'open-passage';
import { PassageAuth } from 'open-passage-vue';

const events = ref<string[]>([]);
const flowEvents = ref<string[]>([]);
const signedIn = ref<AuthResult | null>(null);
const record = (name: string) => events.value.push(name);
// The element's callback props: onSuccess replaces the default navigation to redirect_url.
const onSuccess: OnSuccess = (result) => {
  signedIn.value = result;
};
const onEvent: OnEvent = (...[name]) => {
  flowEvents.value.push(name);
};
const apiUrl = location.origin;
</script>

<template>
  <main>
    <PassageAuth
      app-id="${APP_ID}"
      :api-url="apiUrl"
      theme="dark"
      :on-success="onSuccess"
      :on-event="onEvent"
      @loaded="(event) => events.push('loaded:' + event.detail.app.id)"
      @register-device="record('registerDevice')"
      @verify-identity="record('verifyIdentity')"
      @magic-link-login="record('magicLinkLogin')"
      @magic-link-register="record('magicLinkRegister')"
      @magicLinkActivated="record('magicLinkActivated')"
      @magicLinkActivateSuccess="record('magicLinkActivateSuccess')"
      @oneTimePasscodeLogin="(event) => events.push('oneTimePasscodeLogin:' + event.detail.identifier)"
      @oneTimePasscodeRegister="(event) => events.push('oneTimePasscodeRegister:' + event.detail.identifier)"
      @one-time-passcode-activated="(event) => events.push('oneTimePasscodeActivated:' + event.detail.redirect_url)"
      @one-time-passcode-activate-success="record('oneTimePasscodeActivateSuccess')"
    />
    <ol data-testid="events"><li v-for="name in events" :key="name">{{ name }}</li></ol>
    <ol data-testid="flow-events"><li v-for="name in flowEvents" :key="name">{{ name }}</li></ol>
    <p v-if="signedIn" data-testid="signed-in">Signed in, token {{ signedIn.auth_token.slice(0, 2) }}…</p>
  </main>
</template>
`;

function appFiles(tarballs: ReturnType<typeof packed>): Record<string, string> {
  return {
    'package.json': json({
      name: 'fresh-vue-app',
      private: true,
      type: 'module',
      dependencies: {
        'open-passage-vue': `file:${tarballs['open-passage-vue'].tarball}`,
        vue: repoVersion('vue'),
      },
      devDependencies: {
        '@vitejs/plugin-vue': repoVersion('@vitejs/plugin-vue'),
        typescript: repoVersion('typescript'),
        vite: repoVersion('vite'),
        'vue-tsc': repoVersion('vue-tsc'),
      },
      // open-passage is not on the registry yet: the wrapper's peer is served from the packed tarball.
      overrides: { 'open-passage': `file:${tarballs['open-passage'].tarball}` },
    }),
    'index.html': `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><link rel="icon" href="data:," /><title>fresh Vue app</title></head>
  <body><div id="app"></div><script type="module" src="/src/main.ts"></script></body>
</html>
`,
    // The Vue plugin with its defaults: no compilerOptions.isCustomElement.
    'vite.config.ts': `import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';
export default defineConfig({ plugins: [vue()] });
`,
    'src/main.ts': `import { createApp } from 'vue';
import App from './App.vue';
createApp(App).mount('#app');
`,
    'src/App.vue': APP_VUE,
    'src/WrongTheme.vue': `<script setup lang="ts">
import { PassageAuth } from 'open-passage-vue';
</script>
<template><PassageAuth app-id="app-id" theme="purple" /></template>
`,
    'src/WrongHandler.vue': `<script setup lang="ts">
import { PassageLogin } from 'open-passage-vue';
const onLoaded = (count: number) => count + 1;
</script>
<template><PassageLogin app-id="app-id" @loaded="onLoaded" /></template>
`,
    'tsconfig.json': json({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'bundler',
        strict: true,
        // As @vue/tsconfig (create-vue's apps) sets it; the app's own use of the types is still checked.
        skipLibCheck: true,
        noEmit: true,
        isolatedModules: true,
        types: ['vite/client'],
      },
      include: ['src/main.ts', 'src/App.vue'],
    }),
    'tsconfig.wrong-theme.json': json({ extends: './tsconfig.json', include: ['src/WrongTheme.vue'] }),
    'tsconfig.wrong-handler.json': json({ extends: './tsconfig.json', include: ['src/WrongHandler.vue'] }),
    'passage-apps.json': json({
      apps: [
        {
          id: APP_ID,
          name: 'fresh Vue app',
          auth_origin: '${PUBLIC_URL}',
          redirect_url: '/signed-in',
          allowed_identifier: 'email',
          public_signup: true,
          auth_fallback_method: 'otp',
        },
      ],
    }),
  };
}

test.beforeAll(async () => {
  // Three tarballs, Vue, Vite, vue-tsc and the server's dependencies: seconds from a warm npm cache.
  test.setTimeout(300_000);
  app = await preparedFolder('vue-app', async (dir) => {
    write(dir, appFiles(packed()));
    writeFileSync(join(dir, 'install.log'), await npmInstall(dir, 280_000));
  });
  // The app's sources again, as this file has them now (the install is kept per packing).
  write(app, appFiles(packed()));
});

test('installing open-passage-vue brings open-passage and no build tooling with it', () => {
  const modules = join(app, 'node_modules');
  expect(
    existsSync(join(modules, 'open-passage', 'package.json')),
    'open-passage is not in node_modules: open-passage-vue must name it as a required peer or a dependency',
  ).toBe(true);
  for (const tooling of ['@stencil/vue-output-target', '@stencil/core', 'vue-router']) {
    expect(existsSync(join(modules, tooling)), `${tooling} was installed into the app`).toBe(false);
  }
  const log = readFileSync(join(app, 'install.log'), 'utf8');
  expect(log, 'npm warned about a peer dependency').not.toMatch(/ERESOLVE|peer dep/i);
});

test('vue-tsc type-checks the app, and rejects theme="purple" and a handler of the wrong event type', async () => {
  const good = await run(bin('vue-tsc'), ['-p', 'tsconfig.json'], app);
  expect(good.code, `vue-tsc rejected a correct app using the published types:\n${good.output}`).toBe(0);
  const theme = await run(bin('vue-tsc'), ['-p', 'tsconfig.wrong-theme.json'], app);
  expect(theme.code, `vue-tsc accepted <PassageAuth theme="purple">\n${theme.output}`).not.toBe(0);
  expect(theme.output).toMatch(/WrongTheme\.vue\(4,\d+\): error TS2322: .*"purple"/);
  const handler = await run(bin('vue-tsc'), ['-p', 'tsconfig.wrong-handler.json'], app);
  expect(handler.code, `vue-tsc accepted a (count: number) handler for @loaded\n${handler.output}`).not.toBe(
    0,
  );
  expect(handler.output).toMatch(/WrongHandler\.vue\(\d+,\d+\): error TS\d+/);
});

function sizeOf(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

test.describe('the built app, served by the packed open-passage-server', () => {
  let server: PackedServer | undefined;
  let url = '';
  const codeFor = (page: Page, email: string) => codeFromOutbox(page, server!.url, email);

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    const build = await run(bin('vite'), ['build', '--logLevel', 'warn'], app);
    if (build.code !== 0) throw new Error(`vite build of the fresh Vue app failed:\n${build.output}`);
    // The installed server serves the built app (STATIC_DIR): one origin for the page and the API.
    server = await startPackedServer({
      APPS_FILE: join(app, 'passage-apps.json'),
      STATIC_DIR: join(app, 'dist'),
    });
    url = server.url;
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("the build carries the elements and not Vue's template compiler", () => {
    const assets = join(app, 'dist', 'assets');
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    const bundle = scripts.map((name) => readFileSync(join(assets, name), 'utf8')).join('\n');
    expect(bundle, 'the built bundle does not define <passage-auth>').toContain('passage-auth');
    expect(bundle, "the bundle holds Vue's run-time template compiler").not.toContain('compileToFunction');
    const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
    const total = scripts.reduce((sum, name) => sum + statSync(join(assets, name)).size, 0);
    const wrapper = sizeOf(join(app, 'node_modules', 'open-passage-vue'));
    test.info().annotations.push({
      type: 'bundle',
      description: `${kB(total)} of JS; open-passage-vue ${kB(wrapper)} installed`,
    });
  });

  test('registers by one-time code: the Vue handlers and callback props fire, nothing else navigates', async ({
    page,
  }) => {
    await withoutPasskeys(page);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
    });
    const email = uniqueEmail('vue-otp');
    await page.goto(`${url}/`);
    const el = page.locator('passage-auth');
    await expect(
      el.getByRole('button', { name: 'Register', exact: true }),
      'the element never rendered: open-passage-vue did not define <passage-auth>',
    ).toBeVisible();
    const events = page.getByTestId('events');
    await expect(events.getByText(`loaded:${APP_ID}`)).toBeVisible();
    await openRegister(el);
    await submitIdentifier(el, 'Email address', email);
    await expect(events.getByText(`oneTimePasscodeRegister:${email}`)).toBeVisible();
    await enterCode(el, await codeFor(page, email));
    await expect(page.getByTestId('signed-in'), 'the :on-success callback prop was not called').toHaveText(
      /Signed in, token ey…/,
    );
    await expect(events.getByText('oneTimePasscodeActivated:/signed-in')).toBeVisible();
    await expect(page.getByTestId('flow-events')).toContainText('onOneTimePasscodeActivated');
    expect(new URL(page.url()).pathname, 'onSuccess replaces the navigation to redirect_url').toBe('/');
    expect(errors, 'the page logged errors or warnings, or a request failed').toEqual([]);
  });

  test('signs in again by one-time code: the login event fires', async ({ page }) => {
    await withoutPasskeys(page);
    const email = uniqueEmail('vue-login');
    await page.goto(`${url}/`);
    const el = page.locator('passage-auth');
    await openRegister(el);
    await submitIdentifier(el, 'Email address', email);
    await enterCode(el, await codeFor(page, email));
    await expect(page.getByTestId('signed-in')).toBeVisible();

    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await submitIdentifier(el, 'Email address', email);
    const events = page.getByTestId('events');
    await expect(events.getByText(`oneTimePasscodeLogin:${email}`)).toBeVisible();
    await enterCode(el, await codeFor(page, email));
    await expect(page.getByTestId('signed-in')).toBeVisible();
  });
});
