#!/usr/bin/env node
// `node scripts/node24.mjs [major]`: installs the repository with `npm ci` under another Node version
// (24 unless told) and runs the server (SQLite) and elements unit suites with it.
//
// The machine's Node (20) stays the one everything else runs on. Native addons are built per Node
// version, so the run happens in a copy of the repository under the system's temporary folder with its own
// node_modules; the repository's own node_modules is never touched. The Node binary comes from the npm
// registry (node-<platform>-<arch>, with its headers, so node-gyp can build better-sqlite3 offline)
// and is kept in a cache folder for the next run.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const major = process.argv[2] ?? '24';
if (!/^\d+$/.test(major)) {
  process.stderr.write('usage: node scripts/node24.mjs [node major version, 24 by default]\n');
  process.exit(2);
}

function run(command, args, options = {}) {
  process.stdout.write(`$ ${command} ${args.join(' ')}\n`);
  const { status, signal } = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${status}`})`);
  }
}

const started = Date.now();
const cacheRoot = process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache');
const cache = join(cacheRoot, 'open-passage', `node-${major}`);
const nodePackage = `node-${process.platform}-${process.arch}`;
const nodeDir = join(cache, 'node_modules', nodePackage);
const nodeBin = join(nodeDir, 'bin');
if (!existsSync(join(nodeBin, 'node'))) {
  mkdirSync(cache, { recursive: true });
  run('npm', [
    'install',
    '--no-save',
    '--no-audit',
    '--no-fund',
    '--prefix',
    cache,
    `${nodePackage}@${major}`,
  ]);
}

const env = {
  ...process.env,
  PATH: `${nodeBin}:${process.env.PATH}`,
  // node-gyp builds against these headers instead of downloading them.
  npm_config_nodedir: nodeDir,
  CI: '1',
};
const version = spawnSync(join(nodeBin, 'node'), ['--version'], { encoding: 'utf8' }).stdout.trim();
process.stdout.write(`Node ${version} from ${nodeBin}\n`);

// The repository's files as in the working tree (tracked, and new ones not ignored), without any build.
const copy = mkdtempSync(join(tmpdir(), `open-passage-node${major}-`));
let failed = false;
try {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(root, file))) continue; // deleted in the working tree, not yet committed
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(root, file), join(copy, file));
  }
  run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: copy, env });
  run('npx', ['vitest', 'run', '--project', 'server-sqlite', '--project', 'elements', '--reporter=dot'], {
    cwd: copy,
    env,
  });
} catch (error) {
  failed = true;
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
} finally {
  rmSync(copy, { recursive: true, force: true });
}
const seconds = ((Date.now() - started) / 1000).toFixed(0);
process.stdout.write(`Node ${version}: ${failed ? 'FAILED' : 'ok'} (${seconds} s)\n`);
process.exit(failed ? 1 : 0);
