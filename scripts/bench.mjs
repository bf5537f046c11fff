#!/usr/bin/env node
// Hand-written because npm runs one script per name: this finds the bench files of every package.
// `npm run bench`: every benchmark of the repository (files named bench/*.bench.mjs in any package),
// each printing its own table. Benchmarks are measurements, never pass/fail tests.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const only = process.argv[2];
const benches = ['bench', 'server/bench', 'demo/bench']
  .map((dir) => join(root, dir))
  .filter((dir) => existsSync(dir))
  .flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.bench.mjs') || f.endsWith('.bench.ts'))
      .map((f) => join(dir, f)),
  )
  // Matched within the repository, so the folder it is checked out in (…/lighthouse/) selects nothing.
  .filter((file) => !only || file.slice(root.length).includes(only));

if (benches.length === 0) console.log('no benchmarks found');
let failed = false;
for (const file of benches) {
  console.log(`\n### ${file.slice(root.length)}`);
  const args = file.endsWith('.ts') ? ['--import', 'tsx', file] : [file];
  const { status } = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
