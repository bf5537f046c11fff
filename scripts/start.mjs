#!/usr/bin/env node
// `npm start`: build whatever is missing or older than its sources, then run the one server process.
// With --build-only it stops after building (the build step of `npm test`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoServerEnv } from './repo-server-env.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Newest modification time below the given paths, skipping build output and dependencies. */
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) {
        if (!['node_modules', 'dist', 'generated', 'www', 'loader'].includes(name)) visit(join(path, name));
      }
    } else if (!path.endsWith('components.d.ts')) latest = Math.max(latest, stat.mtimeMs);
  };
  for (const p of paths) visit(join(root, p));
  return latest;
}

function outdated(output, sources) {
  const out = join(root, output);
  return !existsSync(out) || statSync(out).mtimeMs < newest(sources);
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const elements = outdated('dist/open-passage/index.js', [
  'src',
  'stencil.config.ts',
  'tsconfig.stencil.json',
  'scripts/elements-package.mjs',
  'scripts/build-contract.mjs',
]);
if (elements) run('npm', ['run', 'build:elements']);
// The debug panel the server adds to the sign-in pages in development (built by build:elements too).
else if (outdated('dist/debug-panel/index.js', ['src', 'scripts/build-debug-panel.mjs']))
  run(process.execPath, ['scripts/build-debug-panel.mjs']);
// Each step also counts the previous step's output, so a build run by hand (build:elements) carries on.
if (
  elements ||
  outdated('react-wrapper/dist/index.js', [
    'react-wrapper/src',
    'react-wrapper/scripts',
    'dist/open-passage/index.js',
  ])
) {
  run('npm', ['run', 'build', '-w', 'open-passage-react']);
}
if (
  elements ||
  outdated('vue-wrapper/dist/index.js', [
    'vue-wrapper/src',
    'vue-wrapper/scripts',
    'dist/open-passage/index.js',
  ])
) {
  run('npm', ['run', 'build', '-w', 'open-passage-vue']);
}
if (
  elements ||
  outdated('demo/dist/index.html', [
    'demo/src',
    'demo/public',
    'demo/index.html',
    'demo/app.html',
    'demo/scripts',
    'demo/vite.config.ts',
    'react-wrapper/dist/index.js',
  ])
) {
  run('npm', ['run', 'build', '-w', 'demo']);
  run(process.execPath, ['scripts/precompress.mjs', 'demo/dist']);
}
if (outdated('server/dist/main.js', ['server/src']))
  run('npm', ['run', 'build', '-w', 'open-passage-server']);
if (process.argv.includes('--build-only')) process.exit(0);

// The server runs as a child; a stop signal sent to this process alone (a supervisor, `kill`) reaches it
// too, so it shuts down gracefully instead of being left running.
const server = spawn(process.execPath, [join(root, 'server/dist/main.js')], {
  cwd: root,
  env: { ...repoServerEnv, ...process.env },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
