import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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
import { packed, preparedFolder, type RunResult, repoVersion, run } from './support';

// Each test runs real tools (tsc, vite, npm, a server) in a fresh folder: minutes on a busy 2-core machine.
test.describe.configure({ timeout: 180_000 });

// A new Vite + React + TypeScript app that installs only the packed open-passage-react (which must bring
// open-passage with it), type-checks strictly against the published types and builds.

let app = '';
const SIGN_IN_APP = 'pkgReactApp000000000001';
const bin = (tool: string) => join(app, 'node_modules', '.bin', tool);

function write(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

const strict = {
  target: 'ES2022',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  strict: true,
  skipLibCheck: false,
  noEmit: true,
  isolatedModules: true,
  types: [],
};

test.beforeAll(async () => {
  test.setTimeout(480_000);
  const started = Date.now();
  // The app and the server it signs in against are installed side by side.
  [app] = await Promise.all([reactAppFolder(), serverFolder()]);
  const installs = `npm install (per packing, in parallel): ${installTimes({ app: app, server: await serverFolder() })}; ready in ${((Date.now() - started) / 1000).toFixed(0)} s`;
  test.info().annotations.push({ type: 'install', description: installs });
  console.log(installs);
});

function reactAppFolder(): Promise<string> {
  return preparedFolder('react-app', async (dir) => {
    const tarballs = packed();
    write(dir, {
      'package.json': json({
        name: 'fresh-react-app',
        private: true,
        type: 'module',
        dependencies: {
          'open-passage-react': `file:${tarballs['open-passage-react'].tarball}`,
          react: repoVersion('react'),
          'react-dom': repoVersion('react-dom'),
        },
        devDependencies: {
          '@types/react': repoVersion('@types/react'),
          '@types/react-dom': repoVersion('@types/react-dom'),
          '@vitejs/plugin-react': repoVersion('@vitejs/plugin-react'),
          typescript: repoVersion('typescript'),
          vite: repoVersion('vite'),
        },
        // open-passage is not on the registry yet: its dependency is served from the packed tarball.
        overrides: { 'open-passage': `file:${tarballs['open-passage'].tarball}` },
      }),
      'index.html': `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>fresh app</title></head>
  <body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>
</html>
`,
      // Two pages: the components with every prop kind (index.html), and a sign-in page (signin.html).
      'vite.config.js': `import react from '@vitejs/plugin-react';
export default {
  plugins: [react()],
  build: { rollupOptions: { input: { main: 'index.html', signin: 'signin.html' } } },
};
`,
      'signin.html': `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Sign in</title></head>
  <body><div id="root"></div><script type="module" src="/src/signin.tsx"></script></body>
</html>
`,
      // The app's own callback for the element's event, as a React app would write it.
      'src/signin.tsx': `import { createRoot } from 'react-dom/client';
import { PassageAuth } from 'open-passage-react';

createRoot(document.getElementById('root')!).render(
  <PassageAuth
    appId="${SIGN_IN_APP}"
    onOneTimePasscodeActivated={() => sessionStorage.setItem('activated-by', 'react')}
  />,
);
`,
      'public/signed-in.html':
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signed in</title></head>' +
        '<body><h1>Signed in</h1></body></html>\n',
      'src/main.tsx': `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PassageAuth, PassageLogin, PassageProfile, PassageRegister } from 'open-passage-react';

function App() {
  return (
    <>
      <PassageAuth appId="app-id" theme="dark" lang="de" />
      <PassageLogin appId="app-id" theme="light" />
      <PassageRegister appId="app-id" theme="auto" />
      <PassageProfile appId="app-id" />
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
`,
      'src/wrong-theme.tsx': `import { PassageAuth } from 'open-passage-react';
export const WrongTheme = () => <PassageAuth appId="app-id" theme="purple" />;
`,
      'src/wrong-prop.tsx': `import { PassageAuth } from 'open-passage-react';
export const WrongProp = () => <PassageAuth appId="app-id" colour="red" />;
`,
      // The browser client from the elements package, as a Node ESM project with nodenext resolution sees it.
      'node/client.ts': `import { type AuthResult, PassageClient } from 'open-passage';
import { defineCustomElements } from 'open-passage/loader';
export const client: PassageClient = new PassageClient('app-id', { apiUrl: 'https://auth.example.com' });
export const redirectOf = (result: AuthResult): string => result.redirect_url;
export const load = (): Promise<void> => defineCustomElements();
`,
      'node/wrong-client.ts': `import { PassageClient } from 'open-passage';
export const client = new PassageClient(42);
`,
      'tsconfig.json': json({
        compilerOptions: { ...strict, module: 'ESNext', moduleResolution: 'bundler', jsx: 'react-jsx' },
        include: ['src/main.tsx', 'src/signin.tsx'],
      }),
      // The app's files with the deliberately wrong ones: one tsc run per resolution mode, errors told
      // apart by file (a cold tsc with skipLibCheck false takes most of a minute on a 2-core machine).
      'tsconfig.with-wrong.json': json({
        extends: './tsconfig.json',
        include: ['src/main.tsx', 'src/signin.tsx', 'src/wrong-theme.tsx', 'src/wrong-prop.tsx'],
      }),
      'tsconfig.nodenext.json': json({
        compilerOptions: { ...strict, module: 'nodenext', moduleResolution: 'nodenext' },
        include: ['node/client.ts', 'node/wrong-client.ts'],
      }),
    });
    await timedInstall(dir, 300_000);
  });
}

function sizeOf(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

test('installing only open-passage-react brings open-passage with it', async () => {
  const modules = join(app, 'node_modules');
  expect(
    existsSync(join(modules, 'open-passage', 'package.json')),
    'open-passage is not in node_modules: open-passage-react must depend on it (a dependency, or a required ' +
      'peer that npm installs), so installing open-passage-react alone works',
  ).toBe(true);
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  test.info().annotations.push({
    type: 'node_modules',
    description:
      `open-passage-react ${kB(sizeOf(join(modules, 'open-passage-react')))}, ` +
      `open-passage ${kB(sizeOf(join(modules, 'open-passage')))}`,
  });
});

test('open-passage-react needs no build tooling at run time and takes React 18 or 19', async () => {
  const modules = join(app, 'node_modules');
  for (const tooling of ['@stencil/react-output-target', 'ts-morph', '@stencil/core']) {
    expect(
      existsSync(join(modules, tooling)),
      `${tooling} was installed into the app: open-passage-react must not need it at run time`,
    ).toBe(false);
  }
  const wrapper = JSON.parse(readFileSync(join(modules, 'open-passage-react', 'package.json'), 'utf8')) as {
    peerDependencies?: Record<string, string>;
  };
  for (const peer of ['react', 'react-dom']) {
    const range = wrapper.peerDependencies?.[peer] ?? '(none)';
    expect(
      range,
      `open-passage-react's peer range for ${peer} must take React 18 and 19 (^18 || ^19)`,
    ).toMatch(/^\^18(\.\d+){0,2} \|\| \^19(\.\d+){0,2}$/);
  }
});

/** One tsc run per project, shared by the tests that read it. */
const typechecks = new Map<string, Promise<RunResult>>();
function typecheck(project: string): Promise<RunResult> {
  if (!typechecks.has(project)) typechecks.set(project, run(bin('tsc'), ['-p', project], app, 170_000));
  return typechecks.get(project)!;
}

/** tsc's error lines, but those of the deliberately wrong files. */
const errorsBeside = (output: string, wrongFile: RegExp) =>
  output.split('\n').filter((line) => /error TS\d+/.test(line) && !wrongFile.test(line));

test('type-checks under strict, skipLibCheck false and moduleResolution bundler', async () => {
  const { output } = await typecheck('tsconfig.with-wrong.json');
  expect(output, `tsc did not check the program:\n${output}`).toMatch(/wrong-prop\.tsx\(2,\d+\): error/);
  expect(
    errorsBeside(output, /^src\/wrong-(theme|prop)\.tsx\(/),
    `tsc (bundler) rejected a correct app using the published types:\n${output}`,
  ).toEqual([]);
});

test('vite build bundles the app with the elements', async () => {
  const { code, output } = await run(bin('vite'), ['build', '--logLevel', 'warn'], app);
  expect(code, `vite build of the fresh app failed:\n${output}`).toBe(0);
  const assets = join(app, 'dist', 'assets');
  const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
  const bundle = scripts.map((name) => readFileSync(join(assets, name), 'utf8')).join('\n');
  expect(bundle, 'the built bundle does not define <passage-auth>').toContain('passage-auth');
  const total = scripts.reduce((sum, name) => sum + statSync(join(assets, name)).size, 0);
  test.info().annotations.push({ type: 'bundle', description: `${(total / 1000).toFixed(1)} kB of JS` });
});

test('tsc rejects theme="purple" and an unknown prop', async () => {
  const { code, output } = await typecheck('tsconfig.with-wrong.json');
  expect(code, 'tsc accepted the wrong theme and the unknown prop').not.toBe(0);
  expect(
    output,
    `tsc accepted <PassageAuth theme="purple">: the theme prop must be 'light' | 'dark' | 'auto'\n${output}`,
  ).toMatch(/wrong-theme\.tsx\(2,\d+\): error TS2322: .*"purple"/);
  expect(output, `tsc accepted an unknown prop (colour) on <PassageAuth>\n${output}`).toMatch(
    /wrong-prop\.tsx\(2,\d+\): error TS2322: .*colour/,
  );
});

test('open-passage types work under moduleResolution nodenext with skipLibCheck false', async () => {
  const { output } = await typecheck('tsconfig.nodenext.json');
  expect(output, `tsc did not check the program:\n${output}`).toMatch(/wrong-client\.ts\(2,\d+\): error/);
  expect(
    errorsBeside(output, /^node\/wrong-client\.ts\(/),
    `tsc (nodenext) rejected PassageClient / AuthResult / open-passage/loader from open-passage:\n${output}`,
  ).toEqual([]);
  expect(
    output,
    `tsc (nodenext) accepted new PassageClient(42): the published types resolve to any\n${output}`,
  ).toMatch(/wrong-client\.ts\(2,\d+\): error TS2345/);
});

test('the built app signs in by one-time code against the packed server', async ({ page }) => {
  if (!existsSync(join(app, 'dist', 'signin.html'))) {
    const build = await run(bin('vite'), ['build', '--logLevel', 'warn'], app);
    expect(build.code, `vite build of the fresh app failed:\n${build.output}`).toBe(0);
  }
  const server = await startPackedServer({
    APPS_FILE: writeAppsFile(app, SIGN_IN_APP, 'fresh React app', '/signed-in.html'),
    STATIC_DIR: join(app, 'dist'),
  });
  try {
    await withoutPasskeys(page);
    const email = uniqueEmail('react-otp');
    await page.goto(`${server.url}/signin.html`);
    const el = page.locator('passage-auth');
    await openRegister(el);
    await submitIdentifier(el, 'Email address', email);
    await enterCode(el, await codeFromOutbox(page, server.url, email));
    await page.waitForURL('**/signed-in.html');
    expect(await page.evaluate(() => localStorage.getItem('psg_auth_token'))).toMatch(/^ey/);
    expect(
      await page.evaluate(() => sessionStorage.getItem('activated-by')),
      'the onOneTimePasscodeActivated callback given to <PassageAuth> never ran',
    ).toBe('react');
  } finally {
    await server.stop();
  }
});
