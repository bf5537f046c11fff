// The recipe of docs/migrating-from-passage.md ("Keep Passage's browser packages"), for esbuild:
// Passage's unmodified passage-js and passage-elements from node_modules, bundled with only the hosts
// they hard-code replaced. Keep the two in step.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build, type Plugin } from 'esbuild';

/** What Passage's packages fetch at run time, and where it comes from instead. */
export function passageHosts(server: string): Record<string, string> {
  return {
    // Every API call (passage-js, and the copy of passage-js inside passage-elements).
    'https://auth.passage.id': server,
    // The elements' texts: hosted by the site itself (this folder holds what it serves).
    'https://storage.googleapis.com/passage-frontend/locales/passage-auth': '/passage-locales',
    // intl-tel-input's style and script for phone inputs: the copy passage-elements installs.
    'https://cdnjs.cloudflare.com/ajax/libs/intl-tel-input/17.0.16/css/intlTelInput.css':
      '/intl-tel-input/intlTelInput.css',
    'https://cdnjs.cloudflare.com/ajax/libs/intl-tel-input/17.0.8/js/utils.js': '/intl-tel-input/utils.js',
    // Error reports to Passage's cloud function: an empty URL turns them off.
    'https://us-central1-passage-prod.cloudfunctions.net/capture-event': '',
  };
}

/** The esbuild plugin of the recipe: the literal text replaced in @passageidentity's files only. */
export function passageHostsPlugin(server: string): Plugin {
  const hosts = Object.entries(passageHosts(server));
  return {
    name: 'passage-hosts',
    setup(bundler) {
      bundler.onLoad({ filter: /[\\/]@passageidentity[\\/].*\.[cm]?js$/ }, async ({ path }) => {
        let contents = await readFile(path, 'utf8');
        for (const [from, to] of hosts) contents = contents.replaceAll(from, to);
        return { contents, loader: 'js' };
      });
    },
  };
}

/** The page script: both element packages, and passage-js as `window.passage` for the tests to drive. */
const entry = (appId: string) => `
import '@passageidentity/passage-elements/passage-auth';
import '@passageidentity/passage-elements/passage-profile';
import { Passage } from '@passageidentity/passage-js';
window.passage = new Passage(${JSON.stringify(appId)});
`;

/**
 * Writes `passage-bundle.js` and the files the replaced URLs name into `site`; returns the bundle's text.
 */
export async function bundlePassageClients(root: string, site: string, server: string, appId: string) {
  const outfile = join(site, 'passage-bundle.js');
  await build({
    stdin: { contents: entry(appId), resolveDir: root, sourcefile: 'passage-entry.js' },
    bundle: true,
    format: 'esm',
    minify: true,
    outfile,
    logLevel: 'error',
    plugins: [passageHostsPlugin(server)],
  });
  // intl-tel-input as passage-elements depends on it (its own copy, not the repository's).
  const require = createRequire(join(root, 'node_modules/@passageidentity/passage-elements/package.json'));
  const intl = dirname(require.resolve('intl-tel-input/package.json'));
  mkdirSync(join(site, 'intl-tel-input'), { recursive: true });
  copyFileSync(join(intl, 'build/css/intlTelInput.css'), join(site, 'intl-tel-input/intlTelInput.css'));
  copyFileSync(join(intl, 'build/js/utils.js'), join(site, 'intl-tel-input/utils.js'));
  return readFileSync(outfile, 'utf8');
}
