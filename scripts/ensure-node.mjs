#!/usr/bin/env node
// `node scripts/ensure-node.mjs` prints a folder to put first on PATH so that `node` is one the repository
// supports: the running Node's own folder when it is at least the oldest version package.json's engines
// claims, else one with Node 24 (the active LTS) from the npm registry. .ci/run calls it with whatever
// Node the machine has, so it runs on unsupported versions too and needs nothing installed.
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { nodeBinary } from './node-binary.mjs';

const CI_NODE = '24';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const floor = /^>=\s*(\d+)\.(\d+)(?:\.(\d+))?$/.exec(engines?.node ?? '');
if (!floor)
  throw new Error(`package.json's engines.node should read ">=x.y", not ${JSON.stringify(engines?.node)}`);

const [major, minor, patch] = process.versions.node.split('.').map(Number);
const [floorMajor, floorMinor, floorPatch = 0] = floor.slice(1).map((part) => Number(part ?? 0));
const supported =
  major !== floorMajor ? major > floorMajor : minor !== floorMinor ? minor > floorMinor : patch >= floorPatch;

if (supported) process.stdout.write(`${dirname(process.execPath)}\n`);
else {
  process.stderr.write(
    `Node ${process.versions.node} is older than ${engines.node}: using Node ${CI_NODE}\n`,
  );
  process.stdout.write(`${nodeBinary(CI_NODE)}\n`);
}
