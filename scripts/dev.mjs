#!/usr/bin/env node
// `npm run dev`: elements, React wrapper, server and demo in watch mode. The demo's Vite server
// (http://localhost:5173) proxies the API to the server on :8080.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { repoServerEnv } from './repo-server-env.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const tasks = [
  ['elements', 'npx', ['stencil', 'build', '--watch']],
  // The debug panel the demo's pages show in development (docs/debug-panel.md), after Stencil's first build.
  ['panel', process.execPath, ['scripts/build-debug-panel.mjs', '--watch']],
  ['wrapper', 'npx', ['tsc', '-p', 'react-wrapper/tsconfig.json', '--watch', '--preserveWatchOutput']],
  ['server:tsc', 'npx', ['tsc', '-p', 'server/tsconfig.build.json', '--watch', '--preserveWatchOutput']],
  ['server', process.execPath, ['--watch-path=server/dist', 'server/dist/main.js']],
  ['demo', 'npm', ['run', 'dev', '-w', 'demo']],
];

const children = tasks.map(([name, command, args]) => {
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
  return child;
});

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
