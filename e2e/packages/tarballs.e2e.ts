import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { type PackageName, packed, root, run, shippedDocsProblems } from './support';

// The packed tarballs as the registry would get them: publint --strict, arethetypeswrong (esm-only
// profile), the shipped README's links and CHANGELOG, and the elements package's size limits. One test
// per package and check, so a failure names both; the tool's own report is the failure's message.

// publint and attw unpack and read a whole tarball: seconds each, more on a busy 2-core machine.
test.describe.configure({ timeout: 120_000 });

const PACKAGES: PackageName[] = [
  'open-passage',
  'open-passage-react',
  'open-passage-vue',
  'open-passage-server',
];
/** The server is a program, not a library: no types for arethetypeswrong to check. */
const NO_TYPES_CHECK: PackageName[] = ['open-passage-server'];

const bin = (tool: string) => join(root, 'node_modules', '.bin', tool);

for (const name of PACKAGES) {
  test(`${name}: publint --strict`, async () => {
    const { code, output } = await run(
      bin('publint'),
      ['run', '--strict', '--pack', 'false', packed()[name].tarball],
      root,
    );
    expect(code, output).toBe(0);
  });

  if (!NO_TYPES_CHECK.includes(name)) {
    test(`${name}: arethetypeswrong --profile esm-only`, async () => {
      const args = [packed()[name].tarball, '--profile', 'esm-only', '--format', 'table-flipped'];
      const { code, output } = await run(bin('attw'), args, root, 120_000, { FORCE_COLOR: '0' });
      expect(code, output).toBe(0);
    });
  }

  test(`${name}: the shipped README's links and CHANGELOG`, () => {
    const { tarball, version } = packed()[name];
    expect(shippedDocsProblems(tarball, version)).toEqual([]);
  });
}

/**
 * The packed elements package, less its CHANGELOG.md (which grows with every release) and its hydrate
 * app (below), may not grow past this (bytes, as `npm pack` reports it): it catches tests, server code,
 * source maps or build-machine paths slipping in. 235 kB since social sign-in (its buttons and
 * provider marks, the callback, the profile's sign-in accounts, their messages in ten languages, the
 * contract's schemas) took the package to 224 kB; 210 kB before, 200 kB at first. Hand-written because
 * size-limit measures files, not the packed tarball this limit is about.
 */
const ELEMENTS_SIZE_LIMIT = 235 * 1000;

/**
 * What the hydrate app (open-passage/hydrate, dist/hydrate/index.mjs: every element with Stencil's
 * server DOM, minified, for server rendering) may add to the packed elements package, as gzip -9 of the
 * file: 219 kB when it came. Servers only load it: a page's bytes are the first-render budget's business.
 */
const HYDRATE_SIZE_LIMIT = 230 * 1000;

const gzipped = (file: string) => gzipSync(readFileSync(join(root, file)), { level: 9 }).length;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

test('open-passage: packed size besides its CHANGELOG.md and hydrate app', () => {
  const size = packed()['open-passage'].size - gzipped('dist/hydrate/index.mjs') - gzipped('CHANGELOG.md');
  expect(
    size,
    `open-passage packs to ${kB(size)} besides its CHANGELOG.md and hydrate app, over the ` +
      `${kB(ELEMENTS_SIZE_LIMIT)} limit: look for tests, server code, source maps or build-machine paths ` +
      'in "npm pack --dry-run"',
  ).toBeLessThanOrEqual(ELEMENTS_SIZE_LIMIT);
});

test('open-passage: hydrate app size', () => {
  const hydrate = gzipped('dist/hydrate/index.mjs');
  expect(
    hydrate,
    `the hydrate app (dist/hydrate/index.mjs) is ${kB(hydrate)} gzipped, over the ` +
      `${kB(HYDRATE_SIZE_LIMIT)} limit: is it still minified (stencil.hydrate.config.ts)?`,
  ).toBeLessThanOrEqual(HYDRATE_SIZE_LIMIT);
});
