#!/usr/bin/env node
// The work is npm pack's; this runs it over the four packages at once (one tarball folder for the
// e2e/packages tests, which check the tarballs, and for the size bench).
// Packs the four published packages as the registry would get them (after `npm run build`):
// test-results/packages/<name>-<version>.tgz plus manifest.json (name → version, tarball, packed size,
// file count), and prints the figures.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const packagesDir = join(root, 'test-results', 'packages');
export const manifestFile = join(packagesDir, 'manifest.json');

/** The folders of the published packages besides the root's. */
const WORKSPACES = ['react-wrapper', 'vue-wrapper', 'server'];
/** Their names: a package npm pack skipped or renamed fails the packing, not quietly the checks. */
const PUBLISHED = ['open-passage', 'open-passage-react', 'open-passage-server', 'open-passage-vue'];
/** What `npm run build` makes that packing needs (the server's prepack builds the server itself). */
const BUILT = [
  'dist/index.js',
  'loader/index.js',
  'react-wrapper/dist/index.js',
  'vue-wrapper/dist/index.js',
];

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** Packs every package into test-results/packages and writes manifest.json; returns the manifest. */
export function pack({ quiet = false } = {}) {
  const missing = BUILT.filter((file) => !existsSync(join(root, file)));
  if (missing.length > 0)
    throw new Error(`${missing.join(', ')} missing: run "npm run build" before packing`);
  rmSync(packagesDir, { recursive: true, force: true });
  mkdirSync(packagesDir, { recursive: true });
  const where = ['--include-workspace-root', ...WORKSPACES.flatMap((dir) => ['--workspace', dir])];
  const args = ['pack', ...where, '--json', '--pack-destination', packagesDir];
  const result = spawnSync('npm', args, { cwd: root, encoding: 'utf8' });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`npm pack failed:\n${result.stderr}`);
  // A prepack script's output may come before the JSON: the array starts on a line of its own.
  const manifest = {};
  for (const info of JSON.parse(result.stdout.slice(result.stdout.search(/^\[$/m)))) {
    const tarball = join(packagesDir, info.filename);
    manifest[info.name] = { version: info.version, tarball, size: info.size, files: info.entryCount };
    if (!quiet) {
      process.stdout.write(
        `${info.name}@${info.version}: ${kB(info.size)} packed, ${kB(info.unpackedSize)} unpacked, ` +
          `${info.entryCount} files → ${relative(root, tarball)}\n`,
      );
    }
  }
  const packed = Object.keys(manifest).sort().join(', ');
  if (packed !== PUBLISHED.join(', ')) throw new Error(`packed ${packed}, not ${PUBLISHED.join(', ')}`);
  writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

// Run directly (not imported by the bench): a failure's message and stack go to stderr, exit code 1.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) pack();
