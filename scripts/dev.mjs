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

/** Resolves once `file` has been written since `npm run dev` started. */
async function writtenSinceStart(file) {
  while (!existsSync(`${root}${file}`) || statSync(`${root}${file}`).mtimeMs < started) await sleep(500);
}

// Stencil's first build empties dist/: the panel and the contract are built into it after that, and the
// server (which imports dist/contract) and Vite (which pre-bundles the elements from dist/open-passage)
// start once the contract is back; started earlier, Vite's dependency scan could meet a half-written
// dist/ and never finish.
const stencilBuilt = () => writtenSinceStart('dist/open-passage/index.js');
const elementsBuilt = () => writtenSinceStart('dist/contract/index.js');

const tasks = [
  ['elements', 'npx', ['stencil', 'build', '--watch']],
  // The debug panel the demo's pages show in development (docs/debug-panel.md).
  ['panel', process.execPath, ['scripts/build-debug-panel.mjs', '--watch'], stencilBuilt],
  // The wire contract the server imports (open-passage/contract).
  ['contract', process.execPath, ['scripts/build-contract.mjs', '--watch'], stencilBuilt],
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
