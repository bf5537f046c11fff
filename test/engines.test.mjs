// The Node versions the published packages claim (`engines.node` in their package.json) against those
// their runtime dependencies accept, as installed: every version a package claims must be one each of
// them accepts too, or npm warns (EBADENGINE) on install and the dependency may not work there.
// Hand-written because npm only warns at install, for one package at a time, and ls-engines needs
// nodejs.org's list of releases, which CI cannot reach.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The folders of the published packages. */
const PUBLISHED = ['.', 'server', 'react-wrapper', 'vue-wrapper'];

/** The package.json of `name` that Node would load from the folder `from`, or null when not installed. */
function installedManifest(from, name) {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(file)) return file;
    if (dir === dirname(dir)) return null;
  }
}

/** Every package `manifestFile` needs at run time, directly or not, as installed: package.json paths. */
function runtimeDependencies(manifestFile) {
  const found = new Set();
  const visit = (file) => {
    const manifest = readJson(file);
    const names = Object.keys({
      ...manifest.dependencies,
      ...manifest.optionalDependencies,
      ...manifest.peerDependencies,
    });
    for (const name of names) {
      // An optional dependency for another platform is not installed.
      const dependency = installedManifest(dirname(file), name);
      if (dependency && !found.has(dependency)) {
        found.add(dependency);
        visit(dependency);
      }
    }
  };
  visit(manifestFile);
  return [...found];
}

/** The range the published packages claim (they must claim one and the same), or null. */
function claimedRange() {
  const ranges = new Set(PUBLISHED.map((dir) => readJson(join(root, dir, 'package.json')).engines?.node));
  return ranges.size === 1 ? ([...ranges][0] ?? null) : null;
}

/** What disagrees: a package without a claim, or a runtime dependency that leaves out a claimed version. */
function engineProblems(claimed = null) {
  const problems = [];
  for (const dir of PUBLISHED) {
    const manifestFile = join(root, dir, 'package.json');
    const { name, engines } = readJson(manifestFile);
    const range = claimed ?? engines?.node;
    if (!range) {
      problems.push(`${name} does not say which Node versions it supports (engines.node)`);
      continue;
    }
    for (const file of runtimeDependencies(manifestFile)) {
      const dependency = readJson(file);
      const accepted = dependency.engines?.node;
      if (accepted && !semver.subset(range, accepted)) {
        problems.push(
          `${name} claims Node ${range}, its dependency ${dependency.name}@${dependency.version} wants ${accepted}`,
        );
      }
    }
  }
  return problems;
}

describe('the Node versions the packages claim', () => {
  it('are one range, which every runtime dependency accepts', () => {
    expect(engineProblems()).toEqual([]);
    expect(claimedRange(), 'the published packages claim different ranges').not.toBeNull();
  });

  it('are the ones the READMEs state', () => {
    const oldest = semver.minVersion(claimedRange()).version.replace(/\.0$/, '');
    for (const file of ['README.md', 'server/README.md']) {
      expect(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'), file).toContain(
        `Node.js ${oldest}`,
      );
    }
  });
});

describe('the engines check', () => {
  it('follows the dependencies down, through the workspace link to open-passage', () => {
    const names = runtimeDependencies(new URL('../server/package.json', import.meta.url).pathname).map(
      (file) => JSON.parse(readFileSync(file, 'utf8')).name,
    );
    expect(names).toEqual(expect.arrayContaining(['fastify', 'cookie', 'open-passage', 'typebox']));
  });

  it('finds a dependency that leaves out a claimed version', () => {
    // Node 20: the server's content-disposition (through @fastify/static) wants Node 22 or later.
    expect(engineProblems('>=20.19')).toContainEqual(
      expect.stringMatching(/^open-passage-server claims Node >=20\.19, its dependency content-disposition@/),
    );
  });
});
