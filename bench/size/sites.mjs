// The four pages the size bench compares, each loaded the way its users load it (docs/performance.md):
// ours from the packed tarballs (the documented script tag; a Vite + React app importing
// open-passage-react), Hanko elements 2.7 and Passage elements 1.16 from the npm registry. They are
// installed together in one fresh folder outside the repository, once per packing of the tarballs.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const HANKO = '@teamhanko/hanko-elements@~2.7.0';
export const PASSAGE = '@passageidentity/passage-elements@~1.16.0';

const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

function write(dir, files) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

/** A React app; `withElement` false is the same app without <PassageAuth>, to tell what the element adds. */
const reactMain = (appId, withElement) => `import { createRoot } from 'react-dom/client';
${withElement ? "import { PassageAuth } from 'open-passage-react';" : ''}

function App() {
  return <main>${withElement ? `<PassageAuth appId="${appId}" />` : '<p>Sign in</p>'}</main>;
}

createRoot(document.getElementById('root')!).render(<App />);
`;

const reactHtml = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Sign in</title><link rel="icon" href="data:," /></head>
  <body><div id="root"></div><script type="module" src="./src/main.tsx"></script></body>
</html>
`;

/**
 * Installs the packages and builds the React apps in a folder named after the tarballs' contents
 * (reused while they are the same); returns it.
 */
export function installSites(manifest, versionOf) {
  const hash = createHash('sha256');
  for (const { tarball } of Object.values(manifest)) hash.update(readFileSync(tarball));
  const stamp = hash.digest('hex').slice(0, 12);
  const dir = join(tmpdir(), `open-passage-bench-size-${stamp}`);
  if (existsSync(join(dir, 'ready'))) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  write(dir, {
    'package.json': json({
      name: 'size-bench',
      private: true,
      type: 'module',
      dependencies: {
        'open-passage': `file:${manifest['open-passage'].tarball}`,
        'open-passage-react': `file:${manifest['open-passage-react'].tarball}`,
        '@teamhanko/hanko-elements': HANKO.split('@').pop(),
        '@passageidentity/passage-elements': PASSAGE.split('@').pop(),
        react: versionOf('react'),
        'react-dom': versionOf('react-dom'),
        '@vitejs/plugin-react': versionOf('@vitejs/plugin-react'),
        vite: versionOf('vite'),
      },
      overrides: { 'open-passage': `file:${manifest['open-passage'].tarball}` },
    }),
  });
  const started = Date.now();
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel', 'error'], {
    cwd: dir,
    stdio: 'inherit',
  });
  console.log(`installed the four packages and Vite in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  writeFileSync(join(dir, 'ready'), '');
  return dir;
}

/** Builds the two React apps into `site`/react and `site`/react-bare with Vite. */
function buildReactApps(dir, site, appId) {
  for (const [name, withElement] of [
    ['react', true],
    ['react-bare', false],
  ]) {
    const app = join(dir, `app-${name}`);
    write(app, {
      'index.html': reactHtml,
      'src/main.tsx': reactMain(appId, withElement),
      'vite.config.js': `import react from '@vitejs/plugin-react';
export default { base: '/${name}/', plugins: [react()], build: { outDir: ${JSON.stringify(join(site, name))} } };
`,
    });
    execFileSync(join(dir, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'error'], {
      cwd: app,
      stdio: 'inherit',
    });
  }
}

/** The pages, under `site`: script-tag/, react/, react-bare/, hanko/, passage/. */
export function writeSite(dir, site, appId) {
  const modules = join(dir, 'node_modules');
  cpSync(join(modules, 'open-passage', 'dist', 'open-passage'), join(site, 'script-tag', 'open-passage'), {
    recursive: true,
  });
  write(site, {
    // The server serves a site only if it has an index.html.
    'index.html': '<!doctype html><title>size bench</title>',
    // The documented script tag (README.md of open-passage).
    'script-tag/index.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in</title><link rel="icon" href="data:,">
<script type="module" src="/script-tag/open-passage/open-passage.esm.js"></script></head>
<body><main><passage-auth app-id="${appId}"></passage-auth></main></body></html>`,
  });
  buildReactApps(dir, site, appId);
  // Hanko's one module, as its README loads it, talking to the stub at /hanko-api (see hanko-stub.mjs).
  cpSync(
    join(modules, '@teamhanko', 'hanko-elements', 'dist', 'elements.js'),
    join(site, 'hanko', 'elements.js'),
  );
  write(site, {
    'hanko/main.js': "import { register } from '/hanko/elements.js';\nregister('/hanko-api');\n",
    'hanko/index.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in</title><link rel="icon" href="data:,">
<script type="module" src="/hanko/main.js"></script></head>
<body><main><hanko-auth></hanko-auth></main></body></html>`,
  });
  // Passage's published ES modules as they are; their API calls are answered by our server (routed).
  cpSync(join(modules, '@passageidentity', 'passage-elements', 'dist', 'package'), join(site, 'passage'), {
    recursive: true,
  });
  write(site, {
    'passage/index.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in</title><link rel="icon" href="data:,">
<script type="module" src="/passage/passage-auth/index.es.js"></script></head>
<body><main><passage-auth app-id="${appId}"></passage-auth></main></body></html>`,
  });
}

/** The version of a package in the repository's node_modules. */
export const repoVersion = (root) => (name) =>
  JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
