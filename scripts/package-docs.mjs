// Hand-written because link checkers (markdown-link-check, remark-validate-links) read a repository's
// files, not a packed tarball as a reader on npm sees it, where docs/ does not exist.
// The documents a packed package ships, checked as a reader on npm sees them: every link of its README
// resolves (a relative link to a file in the tarball, a link to this repository's `main` branch to a file
// that exists here, an #anchor to a heading of its target), and its CHANGELOG.md has a dated section for
// the packed version (the release script moves "[Unreleased]" there: scripts/release.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { slug } from './api-docs.mjs';

/** Links to the repository's files as GitHub shows them on the default branch. */
const REPO_LINK =
  /^https:\/\/github\.com\/open-passage\/open-passage(?:\/(blob|tree)\/main\/([^#?]*))?\/?(?:#(.*))?$/;

/** Markdown without its fenced code blocks, where `#` and `](…)` are neither headings nor links. */
const unfenced = (text) => text.replace(/^```[\s\S]*?^```/gm, '');

/** Markdown without its code, fenced or inline. */
const prose = (text) => unfenced(text).replace(/`[^`\n]*`/g, '');

/** The targets of a Markdown text's links: inline `[text](target)` and reference definitions. */
export function markdownLinks(text) {
  const body = prose(text);
  const inline = [...body.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]);
  const references = [...body.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map(
    (match) => match[1],
  );
  return [...inline, ...references];
}

/** The anchors GitHub gives a Markdown text's headings (a repeated heading gets -1, -2, …). */
export function headingAnchors(text) {
  const anchors = new Set();
  const seen = new Map();
  for (const [, heading] of unfenced(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/**
 * What is wrong with the links of one shipped Markdown file.
 * - `file`: its path in the package (`README.md`), `text`: its content;
 * - `packaged(path)`: the text of a file in the package, `''` for a file that is not Markdown, or
 *   `undefined` when the package has no such file;
 * - `repoRoot`: the checkout the repository links are checked against.
 */
export function linkProblems({ file, text, packaged, repoRoot }) {
  const problems = [];
  const anchorProblem = (target, markdown, anchor) =>
    anchor && markdown !== '' && !headingAnchors(markdown).has(decodeURIComponent(anchor))
      ? `${file} → ${target}: no heading #${anchor}`
      : null;
  for (const target of markdownLinks(text)) {
    const problem = checkLink(target);
    if (problem) problems.push(problem);
  }
  return problems;

  function checkLink(target) {
    if (target.startsWith('#')) return anchorProblem(target, text, target.slice(1));
    const repo = REPO_LINK.exec(target);
    if (repo) {
      const [, kind, path = '', anchor] = repo;
      const full = join(repoRoot, decodeURIComponent(path));
      if (!existsSync(full)) return `${file} → ${target}: the repository has no ${path || '(root)'}`;
      const isDirectory = statSync(full).isDirectory();
      if (kind === 'blob' && isDirectory && path !== '') {
        return `${file} → ${target}: ${path} is a folder (link it with /tree/main/)`;
      }
      const markdown = isDirectory
        ? kind === undefined && anchor === 'readme'
          ? ''
          : readIfExists(join(full, 'README.md'))
        : path.endsWith('.md')
          ? readFileSync(full, 'utf8')
          : '';
      return anchorProblem(target, markdown, anchor);
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return null; // elsewhere on the web
    const [path, anchor] = target.split('#');
    const inPackage = posix.normalize(posix.join(posix.dirname(file), decodeURIComponent(path)));
    if (inPackage.startsWith('..')) return `${file} → ${target}: points outside the package`;
    const content = packaged(inPackage.replace(/\/$/, ''));
    if (content === undefined) {
      return `${file} → ${target}: ${inPackage} is not in the package (link to the repository instead)`;
    }
    return anchorProblem(target, inPackage.endsWith('.md') ? content : '', anchor);
  }
}

function readIfExists(path) {
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
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

/** The files of a tarball (paths inside `package/`) and a reader of them. */
function tarballFiles(tarball) {
  const list = spawnSync('tar', ['-tzf', tarball], { encoding: 'utf8' });
  if (list.status !== 0) throw new Error(`tar -tzf ${tarball}: ${list.stderr}`);
  const files = new Set(
    list.stdout
      .split('\n')
      .filter((line) => line.startsWith('package/'))
      .map((line) => line.slice('package/'.length).replace(/\/$/, '')),
  );
  const folders = new Set(
    [...files].flatMap((path) => {
      const parts = path.split('/');
      return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('/'));
    }),
  );
  const read = (path) => {
    if (folders.has(path)) return '';
    if (!files.has(path)) return undefined;
    if (!path.endsWith('.md')) return '';
    const out = spawnSync('tar', ['-xzOf', tarball, `package/${path}`], { encoding: 'utf8' });
    if (out.status !== 0) throw new Error(`tar -xzOf ${tarball} package/${path}: ${out.stderr}`);
    return out.stdout;
  };
  return { files, read };
}

/** Every problem of a packed package's README and CHANGELOG. */
export function shippedDocsProblems(tarball, version, repoRoot) {
  const { read } = tarballFiles(tarball);
  const readme = read('README.md');
  const problems = [];
  if (readme === undefined) problems.push('no README.md in the package');
  else problems.push(...linkProblems({ file: 'README.md', text: readme, packaged: read, repoRoot }));
  problems.push(...changelogProblems(read('CHANGELOG.md'), version));
  return problems;
}
