import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { expect, type Response, test } from '@playwright/test';
import { type StartedServer, startServer } from '../../test-support/start-server.mjs';
import { listing, npmInstall, packed, preparedFolder, repoVersion, run } from './support';

// Each test runs real tools (vite, npm, node, a server) in a fresh folder: minutes on a busy 2-core machine.
test.describe.configure({ timeout: 180_000 });

// A new Vite app whose only script is `import 'open-passage'`, as the README's bundler recipe says: the
// import alone must define <passage-auth> (the main entry's side effect), and importing the package in
// Node (server rendering, test runners) must not throw. The built app is served by its own identity
// server (STATIC_DIR), so the page and the API share an origin and the element needs no api-url.

const APP_ID = 'pkgBundlerImport0000001';

let app = '';
let server: StartedServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  app = await preparedFolder('bundler-import', async (dir) => {
    const files: Record<string, string> = {
      'package.json': JSON.stringify({
        name: 'fresh-bundler-app',
        private: true,
        type: 'module',
        dependencies: { 'open-passage': `file:${packed()['open-passage'].tarball}` },
        devDependencies: { typescript: repoVersion('typescript'), vite: repoVersion('vite') },
      }),
      'index.html': `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Sign in</title><script type="module" src="/main.js"></script></head>
  <body><passage-auth app-id="${APP_ID}"></passage-auth></body>
</html>
`,
      'main.js': "import 'open-passage';\n",
      'node-import.mjs':
        "const elements = await import('open-passage');\n" +
        'console.log(typeof elements.PassageClient, typeof customElements, typeof document);\n',
      // The TypeScript recipe of docs/frameworks.md: the tags are in HTMLElementTagNameMap, typed.
      'typed.ts': `import 'open-passage';

const auth = document.querySelector('passage-auth');
if (auth) {
  auth.theme = 'dark';
  auth.onSuccess = ({ redirect_url }) => location.assign(redirect_url);
  auth.addEventListener('oneTimePasscodeActivated', (event) => console.log(event.detail.auth_token));
}
`,
      'wrong-theme.ts': `import 'open-passage';
document.createElement('passage-auth').theme = 'purple';
`,
      'tsconfig.json': JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          module: 'ESNext',
          moduleResolution: 'bundler',
          strict: true,
          skipLibCheck: false,
          noEmit: true,
          types: [],
        },
        files: ['typed.ts', 'wrong-theme.ts'],
      }),
      'passage-apps.json': JSON.stringify({
        apps: [
          {
            id: APP_ID,
            name: 'bundler import',
            auth_origin: '${PUBLIC_URL}',
            allowed_identifier: 'email',
            auth_fallback_method: 'otp',
          },
        ],
      }),
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    await npmInstall(dir, 120_000);
    const build = await run(join(dir, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], dir);
    if (build.code !== 0) throw new Error(`vite build of the fresh app failed:\n${build.output}`);
  });
  server = await startServer({ APPS_FILE: join(app, 'passage-apps.json'), STATIC_DIR: join(app, 'dist') });
});

test.afterAll(async () => {
  await server?.stop();
});

test("import 'open-passage' alone defines <passage-auth>", async ({ page }) => {
  const scripts: Promise<number>[] = [];
  const countScript = (response: Response) => {
    if (response.request().resourceType() === 'script') {
      scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
    }
  };
  page.on('response', countScript);
  await page.goto(`${server!.url}/`);
  await expect(
    page.locator('passage-auth').getByRole('button', { name: 'Register', exact: true }),
    "the form never showed: import 'open-passage' did not define <passage-auth>",
  ).toBeVisible();
  // Chunks the element fetches later (after the form showed) are not counted, nor read once the page is closed.
  page.off('response', countScript);
  const bytes = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
  test.info().annotations.push({
    type: 'scripts until the form showed',
    description: `${scripts.length} scripts, ${(bytes / 1000).toFixed(1)} kB (gzip -9)`,
  });
});

test("import('open-passage') in Node (no DOM) does not throw", async () => {
  const { code, output } = await run(process.execPath, ['node-import.mjs'], app);
  expect(code, `importing open-passage in Node failed:\n${output}`).toBe(0);
  expect(output.trim()).toBe('function undefined undefined');
});

test('the tags are typed in HTMLElementTagNameMap (strict, skipLibCheck false)', async () => {
  // One program for the recipe and the wrong use (tsc takes a minute on a busy machine): only the
  // wrong use may fail, and it must.
  test.setTimeout(300_000);
  const tsc = join(app, 'node_modules', '.bin', 'tsc');
  const { output } = await run(tsc, ['-p', 'tsconfig.json'], app, 280_000);
  const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));
  expect(
    errors.filter((line) => !line.startsWith('wrong-theme.ts')),
    `tsc rejected the TypeScript recipe of docs/frameworks.md:\n${output}`,
  ).toEqual([]);
  expect(errors, 'tsc accepted theme = "purple" on <passage-auth>: the tag is not typed').toEqual([
    expect.stringMatching(/^wrong-theme\.ts\(2,\d+\): error TS2322: .*"purple"/),
  ]);
});

test('the installed package names no internal element (view preview, view gallery)', () => {
  const installed = join(app, 'node_modules', 'open-passage');
  const files = listing(installed);
  expect(files.filter((path) => /passage-view-/.test(path))).toEqual([]);
  const texts = ['dist/types/components.d.ts', 'dist/index.js', 'custom-elements.json', 'loader/index.d.ts'];
  for (const path of texts) {
    expect(readFileSync(join(installed, path), 'utf8'), `${path} names an internal element`).not.toMatch(
      /passage-view-|PassageView(Preview|Gallery)/,
    );
  }
});
