import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { changelogProblems, headingAnchors, linkProblems, markdownLinks } from './package-docs.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const blob = 'https://github.com/open-passage/open-passage/blob/main/';
const tree = 'https://github.com/open-passage/open-passage/tree/main/';

/** The problems of a README shipped in a package holding `files` (path → text; '' for non-Markdown). */
const problemsOf = (text, files = {}) =>
  linkProblems({ file: 'README.md', text, packaged: (path) => files[path], repoRoot });

describe('markdownLinks', () => {
  it('finds inline links and reference definitions, not what code blocks and inline code show', () => {
    const text = [
      'See [a](docs/a.md#x) and [b](<b.md> "title").',
      '`[not](inline.md)`',
      '```md',
      '[not](fenced.md)',
      '```',
      '[ref]: https://example.com/ref',
    ].join('\n');
    expect(markdownLinks(text)).toEqual(['docs/a.md#x', 'b.md', 'https://example.com/ref']);
  });
});

describe('headingAnchors', () => {
  it('makes GitHub anchors, numbering repeated headings', () => {
    const text =
      '# Title\n## Next.js (App Router)\n### `open-passage` in Vue 3\n## Title\n```\n# not a heading\n```';
    expect([...headingAnchors(text)]).toEqual([
      'title',
      'nextjs-app-router',
      'open-passage-in-vue-3',
      'title-1',
    ]);
  });
});

describe('linkProblems', () => {
  it('accepts links to files in the package, to the repository on main, and elsewhere', () => {
    const text = [
      '[licence](LICENSE) [log](CHANGELOG.md#unreleased) [here](#usage)',
      `[docs](${blob}docs/frameworks.md#nextjs-app-router) [elements](${tree}docs/elements)`,
      '[repo](https://github.com/open-passage/open-passage#readme) [npm](https://www.npmjs.com/package/x)',
      '## Usage',
    ].join('\n');
    expect(problemsOf(text, { LICENSE: '', 'CHANGELOG.md': '# Changelog\n## [Unreleased]\n' })).toEqual([]);
  });

  it('refuses a relative link to a file the tarball does not hold', () => {
    expect(problemsOf('[docs](docs/frameworks.md)')).toEqual([
      'README.md → docs/frameworks.md: docs/frameworks.md is not in the package (link to the repository instead)',
    ]);
    expect(problemsOf('[up](../README.md)')).toEqual([
      'README.md → ../README.md: points outside the package',
    ]);
  });

  it('refuses a repository link to a missing file, a folder as a blob, or a missing heading', () => {
    expect(
      problemsOf(
        [
          `[gone](${blob}docs/no-such-file.md)`,
          `[folder](${blob}docs/elements)`,
          `[anchor](${blob}docs/frameworks.md#no-such-heading)`,
          '[here](#nowhere)',
        ].join('\n'),
      ),
    ).toEqual([
      `README.md → ${blob}docs/no-such-file.md: the repository has no docs/no-such-file.md`,
      `README.md → ${blob}docs/elements: docs/elements is a folder (link it with /tree/main/)`,
      `README.md → ${blob}docs/frameworks.md#no-such-heading: no heading #no-such-heading`,
      'README.md → #nowhere: no heading #nowhere',
    ]);
  });
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
