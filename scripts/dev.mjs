#!/usr/bin/env node
// `npm run dev`: elements, React wrapper, server and demo in watch mode. The demo's Vite server
// (http://localhost:5173) proxies the API to the server on :8080.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { repoServerEnv } from './repo-server-env.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = Date.now();

/**
 * Stencil's first build empties dist/, and the contract is rebuilt after it: the server imports
 * dist/contract and Vite pre-bundles the elements from dist/open-passage, so both start once it is back
 * (started earlier, Vite's dependency scan could meet a half-written dist/ and never finish).
 */
async function elementsBuilt() {
  const contract = `${root}dist/contract/index.js`;
  while (!existsSync(contract) || statSync(contract).mtimeMs < started) await sleep(500);
}

const tasks = [
  ['elements', 'npx', ['stencil', 'build', '--watch']],
  // The debug panel the demo's pages show in development (docs/debug-panel.md), after Stencil's first build.
  ['panel', process.execPath, ['scripts/build-debug-panel.mjs', '--watch']],
  // The wire contract the server imports (open-passage/contract), after Stencil's first build too.
  ['contract', process.execPath, ['scripts/build-contract.mjs', '--watch']],
  ['wrapper', 'npx', ['tsc', '-p', 'react-wrapper/tsconfig.json', '--watch', '--preserveWatchOutput']],
  ['server:tsc', 'npx', ['tsc', '-p', 'server/tsconfig.build.json', '--watch', '--preserveWatchOutput']],
  // Restarted when its code or the contract is rebuilt.
  [
    'server',
    process.execPath,
    ['--watch-path=server/dist', '--watch-path=dist/contract', 'server/dist/main.js'],
    elementsBuilt,
  ],
  ['demo', 'npm', ['run', 'dev', '-w', 'demo'], elementsBuilt],
];

const children = [];
function run(name, command, args) {
  const child = spawn(command, args, {
    cwd: root,
    env: name === 'server' ? { ...repoServerEnv, ...process.env } : process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[${name}] ${line}\n`)
      .join('');
  child.stdout.on('data', (c) => process.stdout.write(prefix(c)));
  child.stderr.on('data', (c) => process.stderr.write(prefix(c)));
  children.push(child);
}

for (const [name, command, args, after] of tasks) {
  if (after) after().then(() => run(name, command, args));
  else run(name, command, args);
}

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
