// Checks the shape of the sources that no linter checks: dependencies between folders point one way
// (no loop of any length between sibling folders of src/ or server/src), no hand-written source file
// grows past MAX_LINES, every `docs/…` path the repository mentions exists, and no comment or test
// name cites a document or tracker outside it. `scripts/source-layout.test.mjs` runs the checks.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export const MAX_LINES = 500;

/** The trees whose folders must depend on each other one way only. */
const LAYERED_ROOTS = ['src', 'server/src'];

/** Written by tools, not by hand. */
const GENERATED = [/^src\/components\.d\.ts$/, /(^|\/)generated\//, /^docs\//];

/** Test code: the tests and their harnesses (test-support.ts), which may reach across folders. */
const TEST = /(\.test\.[a-z]+|(^|\/)test-support\.[a-z]+)$/;
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs)$/;
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bexport\s*\*\s*from\s*)(['"])(\.{1,2}\/[^'"]+)\1/g;

/** Tracked files (paths relative to the repository, with `/`). */
const trackedFiles = () =>
  execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);

/** Tracked source files. */
function sourceFiles() {
  return trackedFiles().filter((path) => SOURCE.test(path));
}

/** Tracked files that may mention a doc: sources, docs, configuration and pages. */
const TEXT = /\.(ts|tsx|mts|mjs|js|cjs|md|json|ya?ml|html|css|sh)$|(^|\/)run$/;
/** History names files as they were then; the lock file names packages. */
const HISTORY = /(^|\/)(CHANGELOG\.md|package-lock\.json)$/;

/** This check, the shipped-docs check and their tests, whose examples are what they look for. */
const SELF = /^scripts\/(source-layout|package-docs)\./;

/** Tracked text files, less history and this check. */
function textFiles() {
  return trackedFiles().filter((path) => TEXT.test(path) && !HISTORY.test(path) && !SELF.test(path));
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

/** Imports between sibling folders of `roots`: a map from `from -> to` to one import that makes it. */
export function folderEdges(files = sourceFiles(), read = (path) => readFileSync(join(root, path), 'utf8')) {
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
  return edges;
}

/**
 * The strongly connected components of a directed graph (Tarjan's algorithm): the groups of nodes
 * each of which reaches every other, which are exactly the nodes that lie on a cycle together.
 */
export function stronglyConnected(nodes, next) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const to of next(node)) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node), index.get(to)));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    groups.push(group);
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return groups;
}

/** One shortest loop from `start` back to itself that stays inside `group`. */
function loopThrough(start, group, next) {
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const to of next(node)) {
      if (!group.has(to)) continue;
      if (to === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]));
        return [...path, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start];
}

/**
 * Import loops between sibling folders of `roots`, of any length (`a -> b -> a`, `a -> b -> c -> a`,
 * …): one line per group of folders on a loop, naming one loop and an import for each of its steps.
 */
export function folderCycles(edges = folderEdges()) {
  const next = new Map();
  for (const key of edges.keys()) {
    const [from, to] = key.split(' -> ');
    next.set(from, [...(next.get(from) ?? []), to]);
    if (!next.has(to)) next.set(to, []);
  }
  const targets = (node) => [...next.get(node)].sort();
  return stronglyConnected([...next.keys()].sort(), targets)
    .filter((group) => group.length > 1)
    .map((group) => {
      const loop = loopThrough([...group].sort()[0], new Set(group), targets);
      const steps = loop.slice(1).map((to, i) => edges.get(`${loop[i]} -> ${to}`));
      return `${loop.join(' -> ')} (${steps.join('; ')})`;
    })
    .sort();
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

/** A repository path below docs/ (not `…/docs/…` of a URL or another folder). */
const DOCS_PATH = /(?<![\w./@-])docs\/[\w./-]*/g;

/** `docs/…` paths the files mention that do not exist, each as `file: path`. */
export function danglingDocReferences(
  files = textFiles(),
  read = (path) => readFileSync(join(root, path), 'utf8'),
  exists = (path) => existsSync(join(root, path)),
) {
  return files.flatMap((file) =>
    [...read(file).matchAll(DOCS_PATH)]
      .map((match) => match[0].replace(/[./]+$/, ''))
      .filter((path) => !exists(path))
      .map((path) => `${file}: ${path}`),
  );
}

/**
 * What a reader cannot follow from the repository: a specification that is not in it (`SPEC §5`), a
 * tracker's issue numbers (`issue 6`, a test named `#27 …`). Say what is meant, or cite `docs/…`.
 */
const OUTSIDE_CITATIONS = [/\bSPEC\b/, /\bissues? #?\d+/i, /\b(?:it|test|describe)\(\s*['"`]#\d+/];

/** Source lines citing what is not in the repository, each as `file:line: text`. */
export function outsideCitations(
  files = sourceFiles().filter((path) => !SELF.test(path)),
  read = (path) => readFileSync(join(root, path), 'utf8'),
) {
  return files.flatMap((file) =>
    read(file)
      .split('\n')
      .flatMap((line, i) =>
        OUTSIDE_CITATIONS.some((pattern) => pattern.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
      ),
  );
}
