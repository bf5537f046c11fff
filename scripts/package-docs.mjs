// The documents a packed package ships, checked as a reader on npm sees them. remark-validate-links
// checks the README's links: a relative one against the files of the tarball (where docs/ does not
// exist), one to this repository on GitHub (`…/blob/main/<path>`) against this checkout, #anchors against
// the headings of their target. What no tool checks is hand-written: the CHANGELOG.md has a dated section
// for the packed version (the release script moves "[Unreleased]" there: scripts/release.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REPOSITORY = 'https://github.com/open-passage/open-passage';

/** remark-validate-links' findings on `folder`/README.md, links to REPOSITORY resolved in `repoRoot`. */
export function readmeProblems(folder, repoRoot) {
  const readme = join(folder, 'README.md');
  if (!existsSync(readme)) return ['no README.md in the package'];
  const settings = JSON.stringify({ repository: REPOSITORY, root: repoRoot }).slice(1, -1);
  const args = ['--no-config', '--no-ignore', '--quiet', '--frail', '--no-stdout', '--no-color'];
  // Run from the repository, where remark finds the plugin; --no-config: no settings of its own apply.
  const remark = join(repoRoot, 'node_modules', '.bin', 'remark');
  const use = ['--use', `remark-validate-links=${settings}`];
  const result = spawnSync(remark, [...args, ...use, readme], { cwd: repoRoot, encoding: 'utf8' });
  if (result.error) throw result.error;
  return result.status === 0 ? [] : [result.stderr.trim()];
}

/** What is wrong with a shipped CHANGELOG.md for `version` (undefined text: the package has none). */
export function changelogProblems(text, version) {
  if (text === undefined) return ['no CHANGELOG.md in the package'];
  const escaped = version.replace(/\./g, '\\.');
  const section = new RegExp(`^## \\[${escaped}\\] - \\d{4}-\\d{2}-\\d{2}\\s*$`, 'm');
  // A package that was never released (no dated section at all, as open-passage-vue before its first
  // release) honestly lists everything under "[Unreleased]"; its first release dates it.
  const unreleased = /^## \[Unreleased\][^\n]*\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(text)?.[1] ?? '';
  const neverReleased = !/^## \[\d[^\]]*\] - /m.test(text) && /^- /m.test(unreleased);
  if (!section.test(text) && !neverReleased) {
    return [
      `CHANGELOG.md has no dated section "## [${version}] - YYYY-MM-DD" for the packed version ` +
        '(scripts/release.mjs moves the "[Unreleased]" entries there)',
    ];
  }
  return [];
}

/** Every problem of a packed package's README and CHANGELOG (the tarball unpacked in a temporary folder). */
export function shippedDocsProblems(tarball, version, repoRoot) {
  const dir = mkdtempSync(join(tmpdir(), 'open-passage-package-docs-'));
  try {
    const untar = spawnSync('tar', ['-xzf', tarball, '-C', dir], { encoding: 'utf8' });
    if (untar.status !== 0) throw new Error(`tar -xzf ${tarball}: ${untar.stderr}`);
    const folder = join(dir, 'package');
    const changelog = join(folder, 'CHANGELOG.md');
    const changelogText = existsSync(changelog) ? readFileSync(changelog, 'utf8') : undefined;
    return [...readmeProblems(folder, repoRoot), ...changelogProblems(changelogText, version)];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
