// The release (`npm run release -- <version>`, release-it configured by .release-it.jsonc) run for real in
// a throw-away git repository holding a copy of the files it touches: versions, ranges, lockfile,
// changelogs, commit and tag, and what stops it. `npm test` there is a stand-in `npm` on PATH that
// notes what it saw; publishing is off (--no-npm.publish) or meets a local stand-in registry.
import { execFile, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const releaseIt = join(root, 'node_modules/release-it/bin/release-it.js');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The packages released together, by folder. */
const RELEASED = {
  '.': 'open-passage',
  server: 'open-passage-server',
  'react-wrapper': 'open-passage-react',
  'vue-wrapper': 'open-passage-vue',
};
const current = readJson(join(root, 'package.json')).version;
const next = semver.inc(current, 'minor');

const scratch = mkdtempSync(join(tmpdir(), 'open-passage-release-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }), 30_000);

// A stand-in `npm`: `npm test` writes the version it sees and the last commit, then exits with
// $NPM_TEST_EXIT; anything else goes to the real npm.
const bin = join(scratch, 'bin');
mkdirSync(bin);
const realNpm = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim();
writeFileSync(
  join(bin, 'npm'),
  `#!/bin/sh
if [ "$1" = test ]; then
  echo "$(node -p 'require("./package.json").version') after \\"$(git log -1 --format=%s)\\"" >> "$NPM_TEST_LOG"
  exit "\${NPM_TEST_EXIT:-0}"
fi
exec "${realNpm}" "$@"
`,
);
chmodSync(join(bin, 'npm'), 0o755);

// What a release reads and writes (the demo's manifest too: npm reads every workspace's to update
// the lockfile); a hook that needs another file fails here until it is listed.
const FILES = [
  '.gitignore',
  '.release-it.jsonc',
  'package-lock.json',
  'demo/package.json',
  ...Object.keys(RELEASED).flatMap((folder) => [`${folder}/package.json`, `${folder}/CHANGELOG.md`]),
];

let copies = 0;
/** A git repository holding those files as this working tree has them, in one commit. */
function repository() {
  const dir = join(scratch, `repo-${++copies}`);
  for (const file of FILES) cpSync(join(root, file), join(dir, file));
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'Start');
  return dir;
}

// Nothing from a developer's git or npm setup (signing, a login, npm's variables naming this checkout).
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))),
  PATH: `${bin}:${process.env.PATH}`,
  GIT_CONFIG_GLOBAL: join(scratch, 'gitconfig'),
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Release Test',
  GIT_AUTHOR_EMAIL: 'release@example.com',
  GIT_COMMITTER_NAME: 'Release Test',
  GIT_COMMITTER_EMAIL: 'release@example.com',
  npm_config_userconfig: join(scratch, 'npmrc'),
  // The lockfile update needs nothing from the registry: the packages' range on open-passage is the
  // workspace root itself (package.json's overrides).
  npm_config_offline: 'true',
};
writeFileSync(env.GIT_CONFIG_GLOBAL, '');
writeFileSync(env.npm_config_userconfig, '');

function git(cwd, ...args) {
  const result = spawnSync('git', args, { cwd, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

let runs = 0;
/**
 * Runs release-it in `cwd`: its exit status, its output and what `npm test` saw. Not spawnSync: the
 * stand-in registry below answers from this process.
 */
function release(cwd, args, extraEnv = {}) {
  const log = join(scratch, `npm-test-${++runs}.log`);
  const options = { cwd, env: { ...env, NPM_TEST_LOG: log, ...extraEnv }, encoding: 'utf8' };
  return new Promise((resolve) => {
    execFile(process.execPath, [releaseIt, ...args, '--ci'], options, (error, stdout, stderr) => {
      const tested = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
      resolve({ status: error ? error.code : 0, output: `${stdout}\n${stderr}`, tested });
    });
  });
}

/** What a run must leave alone: the commits, the tags, the files. */
const state = (dir) => ({
  head: git(dir, 'rev-parse', 'HEAD'),
  tags: git(dir, 'tag'),
  changes: git(dir, 'status', '--porcelain'),
});

// Each release-it run takes seconds (npm updates the lockfile of some 1,800 packages), so they run side
// by side (each in its own repository), each test with its own `expect`.
describe.concurrent('npm run release -- <version>', { timeout: 120_000 }, () => {
  it('bumps the four packages and their range on open-passage, dates the changelogs, tests, commits and tags', async ({
    expect,
  }) => {
    const dir = repository();
    const start = git(dir, 'rev-parse', 'HEAD');
    const changelogs = Object.keys(RELEASED).map((folder) => join(dir, folder, 'CHANGELOG.md'));
    const before = changelogs.map((file) => readFileSync(file, 'utf8'));
    const today = new Date().toISOString().slice(0, 10);

    const run = await release(dir, [next, '--no-npm.publish']);
    expect(run.status, run.output).toBe(0);

    for (const [folder, name] of Object.entries(RELEASED)) {
      const pkg = readJson(join(dir, folder, 'package.json'));
      expect([pkg.name, pkg.version]).toEqual([name, next]);
    }
    const manifest = (folder) => readJson(join(dir, folder, 'package.json'));
    expect(manifest('server').dependencies['open-passage']).toBe(`^${next}`);
    expect(manifest('react-wrapper').dependencies['open-passage']).toBe(`^${next}`);
    expect(manifest('vue-wrapper').peerDependencies['open-passage']).toBe(`^${next}`);
    // The private demo is not released.
    expect(manifest('demo').version).toBe(readJson(join(root, 'demo/package.json')).version);

    const lock = readJson(join(dir, 'package-lock.json')).packages;
    expect(lock[''].version).toBe(next);
    for (const folder of ['server', 'react-wrapper', 'vue-wrapper']) expect(lock[folder].version).toBe(next);
    expect(lock.server.dependencies['open-passage']).toBe(`^${next}`);
    expect(lock['vue-wrapper'].peerDependencies['open-passage']).toBe(`^${next}`);

    // Each changelog's [Unreleased] entries now stand under the new version, a fresh [Unreleased] above.
    changelogs.forEach((file, i) => {
      expect(before[i].match(/^## \[Unreleased\]$/gm)).toHaveLength(1);
      expect(readFileSync(file, 'utf8')).toBe(
        before[i].replace(/^## \[Unreleased\]\n/m, `## [Unreleased]\n\n## [${next}] - ${today}\n`),
      );
    });

    // npm test ran once, on the bumped tree, before anything was committed.
    expect(run.tested).toEqual([`${next} after "Start"`]);
    expect(git(dir, 'log', '-1', '--format=%s')).toBe(`Release ${next}`);
    expect(git(dir, 'rev-parse', 'HEAD~1')).toBe(start);
    expect(git(dir, 'tag', '--points-at', 'HEAD')).toBe(`v${next}`);
    expect(git(dir, 'status', '--porcelain')).toBe('');
    expect(run.output).toContain(`git push --atomic origin HEAD v${next}`);
  });

  it('changes nothing in a dry run', async ({ expect }) => {
    const dir = repository();
    const before = state(dir);
    const run = await release(dir, [next, '--dry-run', '--no-npm.publish']);
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain(`git tag --annotate --message Release ${next} v${next}`);
    expect(run.tested).toEqual([]);
    expect(state(dir)).toEqual(before);
  });

  it('stops before committing when npm test fails, and undoes the bump', async ({ expect }) => {
    const dir = repository();
    const before = state(dir);
    const run = await release(dir, [next, '--no-npm.publish'], { NPM_TEST_EXIT: '1' });
    expect(run.status).not.toBe(0);
    expect(run.tested).toEqual([`${next} after "Start"`]);
    expect(state(dir)).toEqual(before);
  });

  it('refuses a dirty working tree', async ({ expect }) => {
    const dir = repository();
    writeFileSync(join(dir, 'server/CHANGELOG.md'), '\n', { flag: 'a' });
    const before = state(dir);
    const run = await release(dir, [next, '--no-npm.publish']);
    expect(run.status).not.toBe(0);
    expect(run.output).toMatch(/Working dir must be clean/);
    expect(run.tested).toEqual([]);
    expect(state(dir)).toEqual(before);
  });

  it('releases nothing for a version lower than the current', async ({ expect }) => {
    const dir = repository();
    const before = state(dir);
    const run = await release(dir, ['0.0.1', '--no-npm.publish']);
    expect(run.output).toMatch(/No new version to release/);
    expect(run.tested).toEqual([]);
    expect(state(dir)).toEqual(before);
  });

  describe('publishing', () => {
    // A registry that answers npm's ping and nothing else: no one is logged in to it.
    const registry = createServer((request, response) => {
      const ping = request.url?.startsWith('/-/ping');
      response.writeHead(ping ? 200 : 401, { 'content-type': 'application/json' });
      response.end(ping ? '{}' : '{"error":"unauthorized"}');
    });
    beforeAll(() => new Promise((resolve) => registry.listen(0, '127.0.0.1', () => resolve(undefined))));
    afterAll(() => new Promise((resolve) => registry.close(() => resolve(undefined))));

    it('refuses to start when not logged in to the registry', async ({ expect }) => {
      const dir = repository();
      const before = state(dir);
      const address = registry.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const run = await release(dir, [next], { npm_config_registry: `http://127.0.0.1:${port}/` });
      expect(run.status).not.toBe(0);
      expect(run.output).toMatch(/Not authenticated with npm/);
      expect(run.tested).toEqual([]);
      expect(state(dir)).toEqual(before);
    });
  });
});

describe('the released packages as they stand', () => {
  const manifest = (folder) => readJson(join(root, folder, 'package.json'));

  it('share one version, which the others accept from open-passage', () => {
    for (const folder of Object.keys(RELEASED)) expect(manifest(folder).version).toBe(current);
    expect(semver.satisfies(current, manifest('server').dependencies['open-passage'])).toBe(true);
    expect(semver.satisfies(current, manifest('vue-wrapper').peerDependencies['open-passage'])).toBe(true);
  });

  it('open-passage-react installs open-passage with it (a dependency, not an optional peer)', () => {
    const react = manifest('react-wrapper');
    expect(
      semver.satisfies(current, react.dependencies?.['open-passage'] ?? '0.0.0-none'),
      'open-passage-react must list open-passage under "dependencies" (an optional peer leaves it out)',
    ).toBe(true);
  });

  it('open-passage-vue installs open-passage with it (a required peer, which npm installs)', () => {
    const vue = manifest('vue-wrapper');
    expect(vue.peerDependenciesMeta?.['open-passage']?.optional ?? false).toBe(false);
  });
});
