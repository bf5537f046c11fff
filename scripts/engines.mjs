// Hand-written because npm only warns (EBADENGINE) at install, for one package at a time, and ls-engines
// needs nodejs.org's list of releases, which CI cannot reach; test-on-node.mjs reads claimedRange() too.
// The Node versions the published packages claim (`engines.node` in their package.json) against those
// their runtime dependencies accept, as installed: every version a package claims must be one each of
// them accepts too, or npm warns (EBADENGINE) on install and the dependency may not work there.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { RELEASED } from './release.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The package.json of `name` that Node would load from the folder `from`, or null when not installed. */
function installedManifest(from, name) {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(file)) return file;
    if (dir === dirname(dir)) return null;
  }
}

/** Every package `manifestFile` needs at run time, directly or not, as installed: package.json paths. */
export function runtimeDependencies(manifestFile) {
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

/** The range the three packages claim (they must claim one and the same), or null. */
export function claimedRange() {
  const ranges = new Set(RELEASED.map(({ dir }) => readJson(join(root, dir, 'package.json')).engines?.node));
  return ranges.size === 1 ? ([...ranges][0] ?? null) : null;
}

/** What disagrees: a package without a claim, or a runtime dependency that leaves out a claimed version. */
export function engineProblems(claimed = null) {
  const problems = [];
  for (const { name, dir } of RELEASED) {
    const manifestFile = join(root, dir, 'package.json');
    const range = claimed ?? readJson(manifestFile).engines?.node;
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
