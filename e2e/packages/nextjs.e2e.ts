import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { freePort, type StartedServer, startServer } from '../../test-support/start-server.mjs';
import { enterCode, openRegister, submitIdentifier, uniqueEmail, withoutPasskeys } from '../auth/support';
import { codeFromOutbox } from './packed-server';
import { cleanEnv, npmInstall, packed, preparedFolder, repoVersion, run } from './support';

// A new Next.js (App Router) app that installs the packed open-passage-react as its README says, builds
// with `next build` and runs with `next start`, against an identity server on another origin: the page's
// HTML holds the sign-in form in a declarative shadow root, the page hydrates quietly, nothing asks the
// page's own origin for /v1/, and a user signs in by one-time code.

/** The Next.js release the README's recipe is tested with (runs on Node 22.16 and 24). */
const NEXT_VERSION = '16.4.6';
const APP_ID = 'pkgNextApp0000000000001';
const SIGNED_IN = '/signed-in';

test.describe.configure({ timeout: 240_000 });

let app = '';
let nextPort = 0;
let next: ChildProcess | undefined;
let nextOutput = '';
let server: StartedServer | undefined;
const origin = () => `http://127.0.0.1:${nextPort}`;

function write(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The app's files: a server-component page, its sign-in in a 'use client' file, the signed-in page. */
const files = (tarballs: ReturnType<typeof packed>): Record<string, string> => ({
  'package.json': json({
    name: 'fresh-next-app',
    private: true,
    dependencies: {
      next: NEXT_VERSION,
      'open-passage-react': `file:${tarballs['open-passage-react'].tarball}`,
      react: repoVersion('react'),
      'react-dom': repoVersion('react-dom'),
    },
    devDependencies: {
      '@types/react': repoVersion('@types/react'),
      '@types/react-dom': repoVersion('@types/react-dom'),
      '@types/node': repoVersion('@types/node'),
      typescript: repoVersion('typescript'),
    },
    // open-passage is not on the registry yet: its dependency is served from the packed tarball.
    overrides: { 'open-passage': `file:${tarballs['open-passage'].tarball}` },
  }),
  'next.config.mjs': 'export default {};\n',
  'tsconfig.json': json({
    compilerOptions: {
      target: 'ES2022',
      lib: ['dom', 'dom.iterable', 'esnext'],
      strict: true,
      noEmit: true,
      module: 'esnext',
      moduleResolution: 'bundler',
      jsx: 'react-jsx',
      isolatedModules: true,
      esModuleInterop: true,
      skipLibCheck: true,
      plugins: [{ name: 'next' }],
    },
    include: ['next-env.d.ts', '**/*.ts', '**/*.tsx'],
    exclude: ['node_modules'],
  }),
  'app/layout.tsx': `export const metadata = { title: 'Sign in' };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
  // A server component: the element's first form is in the page's HTML.
  'app/page.tsx': `import { PassageAuth } from 'open-passage-react/ssr';
import { SignedInNotice } from './signed-in-notice';

export const dynamic = 'force-dynamic';

export default function Page() {
  return (
    <main>
      <h1>Sign in</h1>
      <PassageAuth appId="${APP_ID}" apiUrl={process.env.PASSAGE_API_URL} />
      <SignedInNotice />
    </main>
  );
}
`,
  // The event callback, in a client file.
  'app/signed-in-notice.tsx': `'use client';
import { useEffect } from 'react';

// Notes the element's event (it bubbles out of <passage-auth>) for the signed-in page's test.
export function SignedInNotice() {
  useEffect(() => {
    const activated = () => sessionStorage.setItem('activated', 'document listener');
    document.addEventListener('oneTimePasscodeActivated', activated);
    return () => document.removeEventListener('oneTimePasscodeActivated', activated);
  }, []);
  return null;
}
`,
  // The callback-prop way, in a client file: <PassageAuth onOneTimePasscodeActivated={…}>.
  'app/client/page.tsx': `import { ClientSignIn } from './client-sign-in';

export const dynamic = 'force-dynamic';

export default function Page() {
  return (
    <main>
      <h1>Sign in</h1>
      <ClientSignIn apiUrl={process.env.PASSAGE_API_URL ?? ''} />
    </main>
  );
}
`,
  'app/client/client-sign-in.tsx': `'use client';
import { PassageAuth } from 'open-passage-react/ssr';

export function ClientSignIn({ apiUrl }: { apiUrl: string }) {
  return (
    <PassageAuth
      appId="${APP_ID}"
      apiUrl={apiUrl}
      onOneTimePasscodeActivated={() => sessionStorage.setItem('activated', 'callback prop')}
    />
  );
}
`,
  'app/signed-in/page.tsx': `export default function SignedIn() {
  return <h1>Signed in</h1>;
}
`,
});

test.beforeAll(async () => {
  test.setTimeout(600_000);
  const started = Date.now();
  app = await preparedFolder('nextjs', async (dir) => {
    write(dir, files(packed()));
    await npmInstall(dir, 420_000);
    const build = await run(join(dir, 'node_modules', '.bin', 'next'), ['build'], dir, 300_000, {
      NEXT_TELEMETRY_DISABLED: '1',
    });
    if (build.code !== 0) throw new Error(`next build failed:\n${build.output}`);
  });
  test
    .info()
    .annotations.push({ type: 'setup', description: `${Math.round((Date.now() - started) / 1000)} s` });
  nextPort = await freePort();
  const dataDir = join(app, `passage-data-${Date.now().toString(36)}`);
  mkdirSync(dataDir);
  writeFileSync(
    join(dataDir, 'passage-apps.json'),
    JSON.stringify({
      apps: [
        {
          id: APP_ID,
          name: 'Next.js app',
          auth_origin: origin(),
          redirect_url: `${origin()}${SIGNED_IN}`,
          allowed_identifier: 'email',
          public_signup: true,
          auth_fallback_method: 'otp',
        },
      ],
    }),
  );
  server = await startServer({ APPS_FILE: join(dataDir, 'passage-apps.json') });
  next = spawn(
    join(app, 'node_modules', '.bin', 'next'),
    ['start', '-p', String(nextPort), '-H', '127.0.0.1'],
    {
      cwd: app,
      env: cleanEnv({ PASSAGE_API_URL: server.url, NEXT_TELEMETRY_DISABLED: '1' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  next.stdout!.on('data', (chunk) => (nextOutput += chunk));
  next.stderr!.on('data', (chunk) => (nextOutput += chunk));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const up = await fetch(`${origin()}/signed-in`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    if (next.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`next start did not answer within 60 s:\n${nextOutput}`);
});

test.afterAll(async () => {
  next?.kill('SIGTERM');
  await server?.stop();
});

test("the page's HTML holds the sign-in form in a declarative shadow root, before any script", async () => {
  const html = await (await fetch(`${origin()}/`)).text();
  const element = html.match(/<passage-auth[^>]*>[\s\S]*?<\/passage-auth>/)?.[0] ?? '';
  expect(element, `no <passage-auth> in the page's HTML:\n${html}`).not.toBe('');
  expect(element).toMatch(/^<passage-auth[^>]*><template shadowrootmode="open">/);
  expect(element, 'the form is not in the server-rendered shadow root').toMatch(
    /<input[^>]*name="identifier"/,
  );
  expect(element).toMatch(/<passage-auth[^>]* defer-hydration=""/);
});

test('with scripts off, the browser shows the form from the HTML alone', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`${origin()}/`);
    await expect(page.locator('passage-auth').getByLabel('Email address')).toBeVisible();
  } finally {
    await context.close();
  }
});

test("the browser's scripts hold none of the server's code (the hydrate app, the HTML parser)", () => {
  const chunks = join(app, '.next', 'static', 'chunks');
  const scripts = readdirSync(chunks, { recursive: true, encoding: 'utf8' }).filter((name) =>
    name.endsWith('.js'),
  );
  expect(scripts.length, 'next build wrote no browser scripts').toBeGreaterThan(0);
  for (const name of scripts) {
    const code = readFileSync(join(chunks, name), 'utf8');
    // MockWindow: the hydrate app's server DOM (open-passage/hydrate); htmlparser2: html-react-parser's
    // parser. Both are in the server's chunks (.next/server), which is how these markers were chosen.
    for (const marker of ['MockWindow', 'htmlparser2']) {
      expect(code.includes(marker), `${name} holds server code (${marker})`).toBe(false);
    }
  }
});

/** Console errors and warnings, page errors, and every request to the page's own /v1/. */
function watch(page: Page) {
  const problems: string[] = [];
  const ownApi: string[] = [];
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type())) problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === origin() && url.pathname.startsWith('/v1/')) ownApi.push(request.url());
  });
  return { problems, ownApi };
}

/** The code the repository's server sent to `email`, from its development outbox. */
const codeFor = (page: Page, email: string): Promise<string> => codeFromOutbox(page, server!.url, email);

const listeners: Record<string, string> = { '/': 'document listener', '/client': 'callback prop' };
for (const path of Object.keys(listeners)) {
  test(`${path}: hydrates quietly, never asks the page's origin, and signs a user in by one-time code`, async ({
    page,
  }) => {
    await withoutPasskeys(page);
    const { problems, ownApi } = watch(page);
    await page.goto(`${origin()}${path}`);
    const element = page.locator('passage-auth');
    await openRegister(element);
    const email = uniqueEmail(`next${path.replace('/', '-')}`);
    await submitIdentifier(element, 'Email address', email);
    await enterCode(element, await codeFor(page, email));
    await page.waitForURL(`**${SIGNED_IN}`);
    expect(await page.evaluate(() => localStorage.getItem('psg_auth_token'))).toMatch(/^ey/);
    expect(await page.evaluate(() => sessionStorage.getItem('activated'))).toBe(listeners[path]);
    expect(problems, 'the page logged errors or warnings').toEqual([]);
    expect(ownApi, "the element asked the page's own origin").toEqual([]);
  });
}
