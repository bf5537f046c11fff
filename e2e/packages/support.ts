// The packed packages (test-results/packages, made by scripts/pack.mjs) installed as a new user would: in
// fresh folders under the system's temporary directory, outside the repository, from the npm registry
// for everything else (the npm cache makes that quick and offline-friendly); and the check of the
// documents a tarball ships (below).
import { execFile, spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));
const manifestFile = join(root, 'test-results', 'packages', 'manifest.json');

export type PackageName = 'open-passage' | 'open-passage-react' | 'open-passage-vue' | 'open-passage-server';
export interface Packed {
  version: string;
  tarball: string;
  size: number;
  files: number;
}

/** The tarballs of the published packages, packing them first (scripts/pack.mjs) when they are absent. */
export function packed(): Record<PackageName, Packed> {
  const present = () =>
    existsSync(manifestFile) &&
    Object.values(JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Packed>).every((p) =>
      existsSync(p.tarball),
    );
  if (!present()) {
    const result = spawnSync(process.execPath, [join(root, 'scripts/pack.mjs')], {
      cwd: root,
      encoding: 'utf8',
    });
    if (result.status !== 0) {
      throw new Error(
        `scripts/pack.mjs failed (is the repository built?):\n${result.stdout}${result.stderr}`,
      );
    }
  }
  return JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<PackageName, Packed>;
}

/** The version of `name` the repository itself installed (so the fresh app uses what the npm cache holds). */
export function repoVersion(name: string): string {
  const file = join(root, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

const FOLDER_PREFIX = 'open-passage-pkg-';

/** A new empty folder under the temporary directory. */
export function freshFolder(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${FOLDER_PREFIX}${tag}-`));
  if (!relative(root, dir).startsWith('..')) throw new Error(`${dir} is inside the repository`);
  return dir;
}

/** This process's environment without what `npm test` (an npm script) adds for its own package. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^npm_/i.test(key) && key !== 'INIT_CWD') env[key] = value;
  }
  return { ...env, ...extra };
}

export interface RunResult {
  code: number;
  output: string;
}

/** Runs a command in `cwd`, collecting stdout and stderr together; never rejects. */
export function run(
  command: string,
  args: string[],
  cwd: string,
  timeout = 120_000,
  env: Record<string, string> = {},
): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd, env: cleanEnv(env), timeout, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        const killed = error && 'killed' in error && error.killed ? `\n(killed after ${timeout} ms)` : '';
        resolve({ code, output: `${stdout}${stderr}${killed}` });
      },
    );
  });
}

/**
 * The folder `tag` made by `setup` (writing files, installing) once per packing of the tarballs. Playwright
 * starts a new worker after a failed test, which runs beforeAll again: the folder (or the install's error)
 * is then taken from a note instead of installing again. The note lives in node_modules/.cache (it
 * outlives test-results, which `npm test` empties), so the next packing's run removes the last folder.
 */
export async function preparedFolder(tag: string, setup: (dir: string) => Promise<void>): Promise<string> {
  packed();
  const stamp = readFileSync(manifestFile, 'utf8');
  const notes = join(root, 'node_modules', '.cache', 'open-passage-package-tests');
  const note = join(notes, `${tag}.json`);
  if (existsSync(note)) {
    const previous = JSON.parse(readFileSync(note, 'utf8')) as { dir: string; stamp: string; error?: string };
    if (previous.stamp === stamp) {
      if (previous.error) throw new Error(previous.error);
      if (existsSync(previous.dir)) return previous.dir;
    } else if (dirname(previous.dir) === tmpdir()) {
      rmSync(previous.dir, { recursive: true, force: true });
    }
  }
  // Folders of this kind left by interrupted runs (more than an hour old, so not a run going on now).
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith(`${FOLDER_PREFIX}${tag}-`))) {
    const path = join(tmpdir(), name);
    if (Date.now() - lstatSync(path).mtimeMs > 3_600_000) rmSync(path, { recursive: true, force: true });
  }
  mkdirSync(notes, { recursive: true });
  const dir = freshFolder(tag);
  try {
    await setup(dir);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    writeFileSync(note, JSON.stringify({ dir, stamp, error: message }));
    throw error;
  }
  writeFileSync(note, JSON.stringify({ dir, stamp }));
  return dir;
}

/** `npm install` as a user with a warm cache would run it; throws with npm's output on failure. */
export async function npmInstall(cwd: string, timeout: number): Promise<string> {
  const args = ['install', '--prefer-offline', '--no-audit', '--no-fund'];
  const result = await run('npm', args, cwd, timeout);
  if (result.code !== 0) throw new Error(`npm install in ${cwd} failed:\n${result.output}`);
  return result.output;
}

/** Every path under `dir` (relative, sorted), for before/after comparisons. */
export function listing(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      out.push(relative(dir, path));
      if (lstatSync(path).isDirectory()) walk(path);
    }
  };
  walk(dir);
  return out.sort();
}

// The documents a packed package ships, checked as a reader on npm sees them. remark-validate-links
// checks the README's links: a relative one against the files of the tarball (where docs/ does not
// exist), one to this repository on GitHub (`…/blob/main/<path>`) against this checkout, #anchors against
// the headings of their target. What no tool checks is hand-written: the CHANGELOG.md has a dated section
// for the packed version (the release moves the "[Unreleased]" entries there).

const REPOSITORY = 'https://github.com/open-passage/open-passage';

/** remark-validate-links' findings on `folder`/README.md, links to REPOSITORY resolved in `repoRoot`. */
export function readmeProblems(folder: string, repoRoot: string): string[] {
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
export function changelogProblems(text: string | undefined, version: string): string[] {
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
        '(the release moves the "[Unreleased]" entries there)',
    ];
  }
  return [];
}

/** Every problem of a packed package's README and CHANGELOG (the tarball unpacked in a temporary folder). */
export function shippedDocsProblems(tarball: string, version: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'open-passage-package-docs-'));
  try {
    const untar = spawnSync('tar', ['-xzf', tarball, '-C', dir], { encoding: 'utf8' });
    if (untar.status !== 0) throw new Error(`tar -xzf ${tarball}: ${untar.stderr}`);
    const folder = join(dir, 'package');
    const changelog = join(folder, 'CHANGELOG.md');
    const changelogText = existsSync(changelog) ? readFileSync(changelog, 'utf8') : undefined;
    return [...readmeProblems(folder, root), ...changelogProblems(changelogText, version)];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
