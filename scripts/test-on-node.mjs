#!/usr/bin/env node
// npm exec gives the Node binary; what no tool does is the rest: a copy of the working tree installed,
// built and tested with that Node, the repository's own install left alone.
// `node scripts/test-on-node.mjs [version]`: installs the repository with `npm ci` under another Node
// version, builds the server, and runs the server (SQLite) and elements unit suites with it. The version
// is the oldest the packages claim (package.json's engines, e.g. 22.16.0) unless told ("22", "22.23.0").
// CI runs everything else on Node 24 (.ci/run), and this on the oldest supported Node.
//
// The run happens in a copy of the repository under the system's temporary folder with its own
// node_modules; the repository's own node_modules and builds are never touched. The Node binary is the
// npm registry's `node` package (the official build), which `npm exec` installs and keeps in npm's cache.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { claimedRange } from './engines.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const wanted = process.argv[2] ?? semver.minVersion(claimedRange() ?? '')?.version;
if (!wanted || !/^\d+(\.\d+\.\d+)?$/.test(wanted)) {
  process.stderr.write('usage: node scripts/test-on-node.mjs [node version: a major or x.y.z]\n');
  process.exit(2);
}

function run(command, args, options = {}) {
  process.stdout.write(`$ ${command} ${args.join(' ')}\n`);
  const { status, signal } = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${status}`})`);
  }
}

/** The folder holding `node` for `version` ("22" or "22.16.0"): `npm exec` puts it first on PATH. */
function nodeBinary(version) {
  const folder = 'dirname "$(command -v node)"';
  const where = ['exec', '--yes', `--package=node@${version}`, '--', 'sh', '-c', folder];
  // npm's messages go to stderr; outside the repository, so that its own dependencies play no part.
  const found = spawnSync('npm', where, { cwd: tmpdir(), encoding: 'utf8', stdio: ['ignore', 'pipe', 2] });
  if (found.status !== 0) throw new Error(`npm exec --package=node@${version} failed`);
  return found.stdout.trim();
}

const started = Date.now();
const nodeBin = nodeBinary(wanted);
const env = { ...process.env, PATH: `${nodeBin}:${process.env.PATH}`, CI: '1' };
const version = spawnSync(join(nodeBin, 'node'), ['--version'], { encoding: 'utf8' }).stdout.trim();
process.stdout.write(`Node ${version} from ${nodeBin}\n`);

// The repository's files as in the working tree (tracked, and new ones not ignored), without any build.
const copy = mkdtempSync(join(tmpdir(), `open-passage-node${wanted}-`));
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
  const inCopy = { cwd: copy, env };
  run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], inCopy);
  // The built server too, for the tests that start it as a user would (server/dist imports the
  // compiled wire contract, dist/contract).
  run('npm', ['run', 'build:contract'], inCopy);
  run('npm', ['run', 'build', '-w', 'open-passage-server'], inCopy);
  run(
    'npx',
    ['vitest', 'run', '--project', 'server-sqlite', '--project', 'elements', '--reporter=dot'],
    inCopy,
  );
} catch (error) {
  failed = true;
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
} finally {
  rmSync(copy, { recursive: true, force: true });
}
const seconds = ((Date.now() - started) / 1000).toFixed(0);
process.stdout.write(`Node ${version}: ${failed ? 'FAILED' : 'ok'} (${seconds} s)\n`);
process.exit(failed ? 1 : 0);
