import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { changelogProblems, readmeProblems } from '../e2e/packages/support.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const blob = 'https://github.com/open-passage/open-passage/blob/main/';

/** The problems of a README shipped in a package that holds `files` besides it. */
function problemsOf(readme, files = {}) {
  const folder = mkdtempSync(join(tmpdir(), 'package-docs-test-'));
  try {
    for (const [path, text] of Object.entries({ 'README.md': readme, ...files })) {
      writeFileSync(join(folder, path), text);
    }
    return readmeProblems(folder, repoRoot).join('\n');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('readmeProblems', () => {
  it('accepts links to files in the package, to the repository on main, and elsewhere', () => {
    const text = [
      '[licence](LICENSE) [here](#usage) [repo](https://github.com/open-passage/open-passage#readme)',
      `[docs](${blob}docs/frameworks.md#nextjs-app-router) [npm](https://www.npmjs.com/package/x)`,
      '`[not](inline.md)`',
      '## Usage',
    ].join('\n');
    expect(problemsOf(text, { LICENSE: 'MIT' })).toBe('');
  }, 20_000);

  it('finds a link to a file the tarball lacks, to a missing file or heading of the repository', () => {
    const text = [
      '[docs](docs/frameworks.md) [up](../README.md) [here](#nowhere)',
      `[gone](${blob}docs/no-such-file.md) [anchor](${blob}docs/frameworks.md#no-such-heading)`,
    ].join('\n');
    const found = problemsOf(text);
    for (const missing of ['`docs/frameworks.md`', '`../README.md`', '#nowhere', 'docs/no-such-file.md']) {
      expect(found).toContain(missing);
    }
    expect(found).toMatch(/Cannot find heading for `#no-such-heading` in `[^`]*docs\/frameworks\.md`/);
  }, 20_000);
});

describe('changelogProblems', () => {
  const log = '# Changelog\n\n## [Unreleased]\n\n- Next.\n\n## [0.1.0] - 2026-11-25\n\n- First.\n';

  it('wants a dated section for the packed version', () => {
    expect(changelogProblems(log, '0.1.0')).toEqual([]);
    expect(changelogProblems(log, '0.2.0')).toEqual([
      expect.stringMatching(/no dated section "## \[0\.2\.0\]/),
    ]);
    expect(changelogProblems(`${log.replace('- Next.', '')}`, '0.2.0')).toHaveLength(1);
  });

  it('takes "[Unreleased]" entries from a package that was never released, and not an empty one', () => {
    expect(changelogProblems('# Changelog\n\n## [Unreleased]\n\n- First.\n', '0.1.0')).toEqual([]);
    expect(changelogProblems('# Changelog\n\n## [Unreleased]\n\n### Added\n\n- First.\n', '0.1.0')).toEqual(
      [],
    );
    expect(changelogProblems('# Changelog\n\n## [Unreleased]\n\n', '0.1.0')).toHaveLength(1);
  });

  it('wants a CHANGELOG.md at all', () => {
    expect(changelogProblems(undefined, '0.1.0')).toEqual(['no CHANGELOG.md in the package']);
  });
});
