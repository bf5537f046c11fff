#!/usr/bin/env node
// Hand-written because no release tool fits the project's way: changesets writes its own changelog
// from .changeset files where the project keeps Keep a Changelog entries by hand (docs/contributing.md),
// release-it's keep-a-changelog plugin moves one changelog, not three, and publishes folders, not the
// tarballs npm test checked, and keep-a-changelog's CLI rewrites the whole file (no [Unreleased] left,
// the link definitions rewritten). `npm version` sets versions, not the others' range on open-passage.
// Releases the four published packages together, at one version:
//
//   node scripts/release.mjs <version>               bump, check, commit and tag, publish
//   node scripts/release.mjs [<version>] --dry-run   change nothing: check, then `npm publish --dry-run`
//   node scripts/release.mjs --dry-run --no-checks   only `npm publish --dry-run` of fresh tarballs
//
// A release: open-passage, open-passage-react, open-passage-vue and open-passage-server get <version>
// (and the wrappers' and the server's range on open-passage becomes ^<version>); each CHANGELOG.md's
// "[Unreleased]" entries become the "[<version>] - <date>" section; then `npm test` runs every check,
// including the packed tarballs' (publint, arethetypeswrong, size, the e2e/packages installs). Any failure
// stops the release before anything is published. The tarballs that were tested are the ones published.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The packages released together, in publishing order (the wrappers depend on open-passage). */
export const RELEASED = [
  { name: 'open-passage', dir: '.' },
  { name: 'open-passage-server', dir: 'server' },
  { name: 'open-passage-react', dir: 'react-wrapper' },
  { name: 'open-passage-vue', dir: 'vue-wrapper' },
];

const readJson = (file) => JSON.parse(readFileSync(join(root, file), 'utf8'));

/** The released packages' package.json, by name. */
export function manifests() {
  return Object.fromEntries(RELEASED.map(({ name, dir }) => [name, readJson(join(dir, 'package.json'))]));
}

/** A package's range on open-passage, wherever it declares it. */
export function elementsRange(pkg) {
  return pkg.dependencies?.['open-passage'] ?? pkg.peerDependencies?.['open-passage'] ?? null;
}

/** What is wrong with the versions as they stand (empty when all agree and the ranges fit). */
export function versionProblems(all = manifests()) {
  const problems = [];
  const versions = new Set(RELEASED.map(({ name }) => all[name].version));
  if (versions.size !== 1) {
    problems.push(
      `the packages must share one version, found ${RELEASED.map(({ name }) => `${name}@${all[name].version}`).join(', ')}`,
    );
  }
  const version = all['open-passage'].version;
  // The wrappers wrap the elements; the server imports the wire contract (open-passage/contract).
  for (const name of ['open-passage-react', 'open-passage-vue', 'open-passage-server']) {
    const range = elementsRange(all[name]);
    if (range === null) problems.push(`${name} does not depend on open-passage`);
    else if (!semver.satisfies(version, range)) {
      problems.push(`${name}'s range on open-passage (${range}) does not accept ${version}`);
    }
  }
  return problems;
}

/**
 * The changelog with its "[Unreleased]" entries moved under "[version] - date" (a fresh empty
 * "[Unreleased]" above); unchanged when it already has a section for the version.
 */
export function releaseChangelog(text, version, date) {
  if (new RegExp(`^## \\[?${version.replace(/\./g, '\\.')}\\]?(\\s|$)`, 'm').test(text)) return text;
  const heading = /^## \[Unreleased\][^\n]*\n/m.exec(text);
  if (!heading) throw new Error('it has no "## [Unreleased]" section');
  const start = heading.index + heading[0].length;
  const next = text.slice(start).search(/^## /m);
  const end = next === -1 ? text.length : start + next;
  const entries =
    text.slice(start, end).trim() ||
    '- Released with the other open-passage packages; no changes of its own.';
  return `${text.slice(0, heading.index)}## [Unreleased]\n\n## [${version}] - ${date}\n\n${entries}\n\n${text.slice(end)}`;
}

/**
 * Sets the packages' version (and the wrappers' and the server's range on open-passage), then lets npm
 * update package-lock.json; false when npm fails.
 */
export function bump(version, at = root) {
  for (const { dir } of RELEASED) {
    const file = join(at, dir, 'package.json');
    const pkg = JSON.parse(readFileSync(file, 'utf8'));
    pkg.version = version;
    if (pkg.name !== 'open-passage') {
      const field = pkg.dependencies?.['open-passage'] ? 'dependencies' : 'peerDependencies';
      pkg[field] = { ...pkg[field], 'open-passage': `^${version}` };
    }
    writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
  }
  return sh('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: at,
  });
}

function sh(command, args, options = {}) {
  process.stdout.write(`\n$ ${command} ${args.join(' ')}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status === 0;
}

function capture(command, args) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
  return { ok: result.status === 0, out: (result.stdout ?? '').trim(), err: (result.stderr ?? '').trim() };
}

function fail(message) {
  process.stderr.write(`\nrelease stopped: ${message}\n`);
  process.exit(1);
}

function main(argv) {
  const dryRun = argv.includes('--dry-run');
  const checks = !argv.includes('--no-checks');
  if (!checks && !dryRun) fail('--no-checks is only for --dry-run: a release always runs every check');
  const current = manifests();
  const version =
    argv.find((arg) => !arg.startsWith('--')) ?? (dryRun ? current['open-passage'].version : null);
  if (!version || !semver.valid(version))
    fail('give the version to release, e.g. node scripts/release.mjs 0.2.0');
  const from = current['open-passage'].version;
  if (semver.lt(version, from)) fail(`${version} is lower than the current ${from}`);
  const tag = semver.prerelease(version) ? 'next' : 'latest';

  if (!dryRun) {
    const status = capture('git', ['status', '--porcelain']);
    if (!status.ok || status.out !== '')
      fail('the working tree has uncommitted changes: commit or stash them first');
    const who = capture('npm', ['whoami']);
    if (!who.ok) fail(`not logged in to the npm registry (npm whoami: ${who.err || who.out})`);
    process.stdout.write(`publishing as ${who.out}\n`);
    for (const { name } of RELEASED) {
      const seen = capture('npm', ['view', `${name}@${version}`, 'version']);
      if (seen.ok && seen.out === version) fail(`${name}@${version} is already on the registry`);
    }
  }

  // Versions, the React package's range, the lockfile, the changelogs.
  const date = new Date().toISOString().slice(0, 10);
  const changelogs = RELEASED.map(({ dir }) => join(dir, 'CHANGELOG.md'));
  for (const file of changelogs) {
    let text;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      fail(`${file} is missing: each package keeps a changelog`);
    }
    try {
      const released = releaseChangelog(text, version, date);
      if (!dryRun) writeFileSync(join(root, file), released);
      else if (released !== text)
        process.stdout.write(`would move ${file}'s [Unreleased] entries under [${version}]\n`);
    } catch (error) {
      fail(`${file}: ${error.message}`);
    }
  }
  if (!dryRun && version !== from && !bump(version)) {
    fail('npm could not update package-lock.json for the new versions');
  }
  const problems = versionProblems();
  if (!dryRun && problems.length > 0) fail(problems.join('; '));
  if (problems.length > 0) process.stdout.write(`version problems: ${problems.join('; ')}\n`);

  // Every check; the packages step leaves the tarballs in test-results/packages.
  if (checks && !sh('npm', ['test'])) {
    fail(
      dryRun
        ? 'npm test failed'
        : 'npm test failed: nothing was published (the version bump is left in the working tree; ' +
            '"git checkout -- ." undoes it)',
    );
  }
  if (!checks && !sh('node', ['scripts/pack.mjs'])) fail('packing failed');
  const packed = JSON.parse(readFileSync(join(root, 'test-results/packages/manifest.json'), 'utf8'));
  for (const { name } of RELEASED) {
    if (packed[name]?.version !== version) {
      fail(`the packed ${name} is ${packed[name]?.version ?? 'missing'}, not ${version}`);
    }
  }

  if (!dryRun) {
    if (!sh('git', ['commit', '-am', `Release ${version}`]) || !sh('git', ['tag', `v${version}`])) {
      fail('could not commit and tag the release');
    }
  }
  const published = [];
  for (const { name } of RELEASED) {
    const args = ['publish', packed[name].tarball, '--tag', tag, ...(dryRun ? ['--dry-run'] : [])];
    if (!sh('npm', args)) {
      fail(
        `npm publish of ${name} failed` +
          (published.length > 0 ? `; already published: ${published.join(', ')}` : '; nothing was published'),
      );
    }
    published.push(`${name}@${version}`);
  }
  process.stdout.write(
    dryRun
      ? `\ndry run passed: ${published.join(', ')} would be published with tag ${tag}\n`
      : `\npublished ${published.join(', ')} (tag ${tag}); push the commit and the tag: git push --follow-tags\n`,
  );
  if (dryRun && problems.length > 0) process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));
