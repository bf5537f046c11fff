import { describe, expect, it } from 'vitest';
import { elementsRange, manifests, releaseChangelog, versionProblems } from '../scripts/release.mjs';

describe('the released packages', () => {
  it('share one version, and open-passage-react accepts that open-passage', () => {
    const all = manifests();
    expect(versionProblems(all)).toEqual([]);
    expect(all['open-passage-react'].version).toBe(all['open-passage'].version);
    expect(all['open-passage-server'].version).toBe(all['open-passage'].version);
    expect(all['open-passage-vue'].version).toBe(all['open-passage'].version);
  });

  it('open-passage-vue installs open-passage with it (a required peer, which npm installs)', () => {
    const vue = manifests()['open-passage-vue'];
    expect(vue.peerDependencies?.['open-passage']).toBe(elementsRange(vue));
    expect(vue.peerDependenciesMeta?.['open-passage']?.optional ?? false).toBe(false);
  });

  it('open-passage-react installs open-passage with it (a dependency, not an optional peer)', () => {
    const react = manifests()['open-passage-react'];
    expect(
      react.dependencies?.['open-passage'],
      'open-passage-react must list open-passage under "dependencies" (an optional peer leaves it out)',
    ).toBe(elementsRange(react));
  });

  it('finds a range that misses the version', () => {
    const all = manifests();
    const wrong = {
      ...all,
      'open-passage-react': {
        ...all['open-passage-react'],
        version: '9.9.9',
        dependencies: { 'open-passage': '^9.0.0' },
      },
    };
    expect(versionProblems(wrong)).toEqual([
      expect.stringMatching(/one version/),
      expect.stringMatching(/does not accept/),
    ]);
  });
});

describe('releaseChangelog', () => {
  const log =
    '# Changelog\n\nIntro.\n\n## [Unreleased]\n\n### Added\n\n- A thing.\n\n## [0.1.0] - 2026-11-25\n\n- First.\n';

  it('moves the unreleased entries under the new version, leaving an empty [Unreleased]', () => {
    expect(releaseChangelog(log, '0.2.0', '2026-12-01')).toBe(
      '# Changelog\n\nIntro.\n\n## [Unreleased]\n\n## [0.2.0] - 2026-12-01\n\n### Added\n\n- A thing.\n\n' +
        '## [0.1.0] - 2026-11-25\n\n- First.\n',
    );
  });

  it('keeps a changelog that already has the version', () => {
    expect(releaseChangelog(log, '0.1.0', '2026-12-01')).toBe(log);
  });

  it('says so when a package had nothing of its own', () => {
    const empty = '# Changelog\n\n## [Unreleased]\n\n## [0.1.0]\n\n- First.\n';
    expect(releaseChangelog(empty, '0.2.0', '2026-12-01')).toContain(
      '## [0.2.0] - 2026-12-01\n\n- Released with the other open-passage packages; no changes of its own.\n\n## [0.1.0]',
    );
  });

  it('refuses a changelog without [Unreleased]', () => {
    expect(() => releaseChangelog('# Changelog\n', '0.2.0', '2026-12-01')).toThrow(/Unreleased/);
  });
});
