#!/usr/bin/env node
// The work is npm pack, publint, arethetypeswrong and package-docs.mjs; this only runs them over the
// four packages, for npm test and the release, and holds the size limits (size-limit measures files,
// not the packed tarball this limit is about).
// Packs the four published packages as the registry would get them (after `npm run build`):
// test-results/packages/<name>-<version>.tgz plus manifest.json (name → tarball, packed size, file count).
//
//   node scripts/pack.mjs           pack and print the figures
//   node scripts/pack.mjs --check   pack, then publint --strict each tarball, arethetypeswrong (esm-only
//                                   profile) for the elements and the React and Vue packages, the size
//                                   limit, and the shipped README's links and CHANGELOG (scripts/package-docs.mjs)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shippedDocsProblems } from './package-docs.mjs';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const packagesDir = join(root, 'test-results', 'packages');
export const manifestFile = join(packagesDir, 'manifest.json');

/** The folders of the published packages besides the root's. */
const WORKSPACES = ['react-wrapper', 'vue-wrapper', 'server'];
/** Their names: a package npm pack skipped or renamed fails the packing, not quietly the checks. */
const PUBLISHED = ['open-passage', 'open-passage-react', 'open-passage-server', 'open-passage-vue'];
/** The server is a program, not a library: no types for arethetypeswrong to check. */
const NO_TYPES_CHECK = ['open-passage-server'];
/** What `npm run build` makes that packing needs (the server's prepack builds the server itself). */
const BUILT = [
  'dist/index.js',
  'loader/index.js',
  'react-wrapper/dist/index.js',
  'vue-wrapper/dist/index.js',
];

/**
 * The packed elements package, less its CHANGELOG.md (which grows with every release) and its hydrate
 * app (below), may not grow past this (bytes, as `npm pack` reports it): it catches tests, server code,
 * source maps or build-machine paths slipping in. 235 kB since social sign-in (its buttons and
 * provider marks, the callback, the profile's sign-in accounts, their messages in ten languages, the
 * contract's schemas) took the package to 224 kB; 210 kB before, 200 kB at first.
 */
export const ELEMENTS_SIZE_LIMIT = 235 * 1000;
const CHANGELOG = join(root, 'CHANGELOG.md');

/**
 * What the hydrate app (open-passage/hydrate, dist/hydrate/index.mjs: every element with Stencil's
 * server DOM, minified, for server rendering) may add to the packed elements package, as gzip -9 of the
 * file: 219 kB when it came. Servers only load it: a page's bytes are the first-render budget's business.
 */
export const HYDRATE_SIZE_LIMIT = 230 * 1000;
const HYDRATE_APP = join(root, 'dist', 'hydrate', 'index.mjs');

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', ...options });
  if (result.error) throw result.error;
  return result;
}

/** Packs every package into test-results/packages and writes manifest.json; returns the manifest. */
export function pack({ quiet = false } = {}) {
  const missing = BUILT.filter((file) => !existsSync(join(root, file)));
  if (missing.length > 0)
    throw new Error(`${missing.join(', ')} missing: run "npm run build" before packing`);
  rmSync(packagesDir, { recursive: true, force: true });
  mkdirSync(packagesDir, { recursive: true });
  const where = ['--include-workspace-root', ...WORKSPACES.flatMap((dir) => ['--workspace', dir])];
  const result = run('npm', ['pack', ...where, '--json', '--pack-destination', packagesDir]);
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

/** publint --strict on each tarball, attw --profile esm-only where it applies, the size limit. */
export function check(manifest) {
  const failures = [];
  const bin = (tool) => join(root, 'node_modules', '.bin', tool);
  for (const [name, { tarball }] of Object.entries(manifest)) {
    process.stdout.write(`\n--- publint --strict ${name}\n`);
    const lint = run(bin('publint'), ['run', '--strict', '--pack', 'false', tarball], { stdio: 'inherit' });
    if (lint.status !== 0) failures.push(`publint --strict found problems in ${name} (see above)`);
    if (!NO_TYPES_CHECK.includes(name)) {
      process.stdout.write(`\n--- attw --profile esm-only ${name}\n`);
      const types = run(bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'table-flipped'], {
        stdio: 'inherit',
        env: { ...process.env, FORCE_COLOR: '0' },
      });
      if (types.status !== 0)
        failures.push(`arethetypeswrong (esm-only) found problems in ${name} (see above)`);
    }
  }
  for (const [name, { tarball, version }] of Object.entries(manifest)) {
    process.stdout.write(`\n--- README links and CHANGELOG of ${name}\n`);
    const problems = shippedDocsProblems(tarball, version, root);
    for (const problem of problems) process.stdout.write(`${problem}\n`);
    if (problems.length > 0) failures.push(`${name}'s shipped README or CHANGELOG has problems (see above)`);
  }
  const hydrate = gzipSync(readFileSync(HYDRATE_APP), { level: 9 }).length;
  const changelog = gzipSync(readFileSync(CHANGELOG), { level: 9 }).length;
  const size = manifest['open-passage'].size - hydrate - changelog;
  process.stdout.write(
    `\n--- size: open-passage packs to ${kB(size)} besides its CHANGELOG.md (limit ${kB(ELEMENTS_SIZE_LIMIT)}) and its hydrate app ` +
      `to ${kB(hydrate)} (limit ${kB(HYDRATE_SIZE_LIMIT)})\n`,
  );
  if (size > ELEMENTS_SIZE_LIMIT) {
    failures.push(
      `open-passage packs to ${kB(size)} (${size} bytes) besides its CHANGELOG.md and hydrate app, over the ` +
        `${kB(ELEMENTS_SIZE_LIMIT)} limit: look for tests, server code, source maps or build-machine paths ` +
        `in "npm pack --dry-run"`,
    );
  }
  if (hydrate > HYDRATE_SIZE_LIMIT) {
    failures.push(
      `open-passage's hydrate app (dist/hydrate/index.mjs) is ${kB(hydrate)} gzipped, over the ` +
        `${kB(HYDRATE_SIZE_LIMIT)} limit: is it still minified (stencil.hydrate.config.ts)?`,
    );
  }
  return failures;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const manifest = pack();
    if (process.argv.includes('--check')) {
      const failures = check(manifest);
      if (failures.length > 0) {
        process.stdout.write(`\npackage checks failed:\n${failures.map((f) => `- ${f}`).join('\n')}\n`);
        process.exit(1);
      }
      process.stdout.write('\npackage checks passed\n');
    }
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
