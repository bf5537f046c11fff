import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { claimedRange, engineProblems, runtimeDependencies } from '../scripts/engines.mjs';

describe('the Node versions the packages claim', () => {
  it('are one range, which every runtime dependency accepts', () => {
    expect(engineProblems()).toEqual([]);
    expect(claimedRange(), 'the three packages claim different ranges').not.toBeNull();
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
