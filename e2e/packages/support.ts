// The packed packages (test-results/packages, made by scripts/pack.mjs) installed as a new user would: in
// fresh folders under the system's temporary directory, outside the repository, from the npm registry
// for everything else (the npm cache makes that quick and offline-friendly).
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
