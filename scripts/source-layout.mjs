// Checks the shape of the sources that no linter checks: dependencies between folders point one way
// (no two sibling folders of src/ or server/src import each other), and no hand-written source file
// grows past MAX_LINES. `scripts/source-layout.test.mjs` runs both checks.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export const MAX_LINES = 500;

/** The trees whose folders must depend on each other one way only. */
export const LAYERED_ROOTS = ['src', 'server/src'];

/** Written by tools, not by hand. */
const GENERATED = [/^src\/components\.d\.ts$/, /(^|\/)generated\//, /^docs\//];

/** Test code: the tests and their harnesses (test-support.ts), which may reach across folders. */
const TEST = /(\.test\.[a-z]+|(^|\/)test-support\.[a-z]+)$/;
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs)$/;
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bexport\s*\*\s*from\s*)(['"])(\.{1,2}\/[^'"]+)\1/g;

/** Tracked source files (paths relative to the repository, with `/`). */
export function sourceFiles() {
  return execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((path) => SOURCE.test(path));
}

/** The relative imports of one file, as repository paths without extension. */
export function relativeImports(path, text) {
  return [...text.matchAll(SPECIFIER)].map((match) =>
    posix.join(posix.dirname(path), match[2]).replace(/\.(js|ts|tsx|mjs)$/, ''),
  );
}

/**
 * The sibling folders an import crosses: below the folder the two files share, the subfolder each
 * lives in. An import from or into a file directly in the shared folder crosses no pair.
 */
export function folderEdge(from, to) {
  const a = posix.dirname(from).split('/');
  const b = posix.dirname(to).split('/');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i >= a.length || i >= b.length) return null;
  return [a.slice(0, i + 1).join('/'), b.slice(0, i + 1).join('/')];
}

/** Folder pairs of `roots` that import each other, each with one import of either direction. */
export function mutualFolders(
  files = sourceFiles(),
  read = (path) => readFileSync(join(root, path), 'utf8'),
) {
  const inRoots = (path) => LAYERED_ROOTS.some((r) => path.startsWith(`${r}/`));
  // A test may wire real parts of two layers together (a port's test with its adapter).
  const layered = (path) => inRoots(path) && !TEST.test(path);
  const edges = new Map();
  for (const file of files.filter(layered)) {
    for (const target of relativeImports(file, read(file))) {
      if (!inRoots(target)) continue;
      const edge = folderEdge(file, target);
      if (edge) edges.set(edge.join(' -> '), `${file} -> ${target}`);
    }
  }
  const found = [];
  for (const [key, example] of edges) {
    const [from, to] = key.split(' -> ');
    const back = edges.get(`${to} -> ${from}`);
    if (back && from < to) found.push(`${from} <-> ${to} (${example}; ${back})`);
  }
  return found.sort();
}

/** Hand-written source files over MAX_LINES, with their line counts. */
export function oversizedFiles(
  files = sourceFiles(),
  read = (path) => readFileSync(join(root, path), 'utf8'),
) {
  return files
    .filter((path) => !GENERATED.some((pattern) => pattern.test(path)))
    .map((path) => ({ path, lines: read(path).split('\n').length - 1 }))
    .filter(({ lines }) => lines > MAX_LINES);
}
