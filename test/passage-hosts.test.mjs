// The Vite recipe of docs/migrating-from-passage.md ("Keep Passage's browser packages"): neither a
// production build of passage-js and passage-elements nor the dev server's pre-bundled copy keeps a
// Passage host. (The esbuild recipe runs in the browser: e2e/passage-clients.)
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, createServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
// Inside the repository, so the entry's imports resolve from its node_modules.
const work = join(root, 'node_modules', '.cache', 'passage-hosts-test');

/** The recipe's replacements, as the guide shows them. */
const hosts = {
  'https://auth.passage.id': 'https://id.example.com',
  'https://storage.googleapis.com/passage-frontend/locales/passage-auth': '/passage-locales',
  'https://cdnjs.cloudflare.com/ajax/libs/intl-tel-input/17.0.16/css/intlTelInput.css':
    '/intl-tel-input/intlTelInput.css',
  'https://cdnjs.cloudflare.com/ajax/libs/intl-tel-input/17.0.8/js/utils.js': '/intl-tel-input/utils.js',
  'https://us-central1-passage-prod.cloudfunctions.net/capture-event': '',
};

/** The guide's Vite plugin, word for word. */
function passageHosts(replacements) {
  return {
    name: 'passage-hosts',
    transform(code, id) {
      if (!/[\\/]@passageidentity[\\/]/.test(id)) return null;
      let out = code;
      for (const [from, to] of Object.entries(replacements)) out = out.replaceAll(from, to);
      return { code: out, map: null };
    },
  };
}

/** The JavaScript files in `dir` (not their source maps, which quote the original sources), joined. */
const scripts = (dir) =>
  readdirSync(dir)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .join('\n');

function expectNoPassageHost(code) {
  expect(code).toContain('https://id.example.com');
  for (const host of Object.keys(hosts)) expect(code).not.toContain(new URL(host).host);
}

describe("the Vite recipe for Passage's browser packages", () => {
  const entry = join(work, 'entry.js');
  beforeAll(() => {
    mkdirSync(work, { recursive: true });
    writeFileSync(
      entry,
      "import '@passageidentity/passage-elements/passage-auth';\n" +
        "import '@passageidentity/passage-elements/passage-profile';\n" +
        "import { Passage } from '@passageidentity/passage-js';\n" +
        "window.passage = new Passage('appId');\n",
    );
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('leaves no Passage host in the built bundle', { timeout: 120_000 }, async () => {
    await build({
      configFile: false,
      root: work,
      logLevel: 'silent',
      plugins: [passageHosts(hosts)],
      build: { outDir: join(work, 'dist'), minify: false, rolldownOptions: { input: entry } },
    });
    expectNoPassageHost(scripts(join(work, 'dist', 'assets')));
  });

  it("leaves none in the dev server's pre-bundled dependencies", { timeout: 120_000 }, async () => {
    const cacheDir = join(work, 'vite-cache');
    const server = await createServer({
      configFile: false,
      root: work,
      cacheDir,
      logLevel: 'silent',
      plugins: [passageHosts(hosts)],
      optimizeDeps: {
        entries: ['entry.js'],
        force: true,
        rolldownOptions: { plugins: [passageHosts(hosts)] },
      },
      server: { middlewareMode: true },
    });
    try {
      await server.transformRequest('/entry.js');
      const deps = join(cacheDir, 'deps');
      // The optimizer writes its files after answering; _metadata.json comes last.
      await expect.poll(() => existsSync(join(deps, '_metadata.json')), { timeout: 60_000 }).toBe(true);
      expectNoPassageHost(scripts(deps));
    } finally {
      await server.close();
    }
  });
});

describe("the webpack loader for Passage's browser packages", () => {
  /** The guide's loader (passage-hosts-loader.cjs), word for word. */
  function loader(source) {
    const { hosts } = this.getOptions();
    return Object.entries(hosts).reduce((text, [from, to]) => text.split(from).join(to), source);
  }
  /** The guide's `test` of the webpack rule. */
  const rule = /[\\/]@passageidentity[\\/].*\.[cm]?js$/;

  it('rewrites every file of the packages that names a Passage host (webpack itself is not run)', () => {
    const files = [
      'node_modules/@passageidentity/passage-js/dist/index.js',
      'node_modules/@passageidentity/passage-elements/dist/package/customElements.es.js',
      'node_modules/@passageidentity/passage-elements/dist/package/customElements.es2.js',
      'node_modules/@passageidentity/passage-elements/dist/package/passage-profile/index.es.js',
    ];
    for (const file of files) {
      const path = join(root, file);
      expect(rule.test(path), file).toBe(true);
      const out = loader.call({ getOptions: () => ({ hosts }) }, readFileSync(path, 'utf8'));
      for (const host of Object.keys(hosts)) expect(out, file).not.toContain(new URL(host).host);
    }
  });
});
