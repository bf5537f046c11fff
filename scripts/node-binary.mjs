// Node.js binaries from the npm registry (the package node-<platform>-<arch>: the official build), kept
// in ~/.cache/open-passage/node-<version> for the next run. Plain ESM without dependencies, so any Node
// can run it, an unsupported one too (scripts/ensure-node.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The folder holding `node` for `version` ("24", or exactly "22.16.0"), installed first if missing. */
export function nodeBinary(version) {
  const cacheRoot = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  const cache = join(cacheRoot, 'open-passage', `node-${version}`);
  const nodePackage = `node-${process.platform}-${process.arch}`;
  const bin = join(cache, 'node_modules', nodePackage, 'bin');
  if (!existsSync(join(bin, 'node'))) {
    mkdirSync(cache, { recursive: true });
    const args = [
      'install',
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--prefix',
      cache,
      `${nodePackage}@${version}`,
    ];
    process.stderr.write(`$ npm ${args.join(' ')}\n`);
    // npm's output goes to stderr: a caller may be reading the folder from stdout.
    const { status, signal } = spawnSync('npm', args, { stdio: ['ignore', 2, 2] });
    if (status !== 0 || !existsSync(join(bin, 'node'))) {
      throw new Error(`installing ${nodePackage}@${version} failed (${signal ?? `exit ${status}`})`);
    }
  }
  return bin;
}
