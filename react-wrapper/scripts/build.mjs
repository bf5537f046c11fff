// Builds dist/: tsc writes the declarations, esbuild bundles the JavaScript with the small run-time
// part of @stencil/react-output-target (and @lit/react) inlined, so an app installs neither.
import { execFileSync } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = (path) => fileURLToPath(new URL(`../dist/${path}`, import.meta.url));
const runtime = '@stencil/react-output-target/runtime';

await rm(dist(''), { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });

// The declarations name the generated code's two types from our own copy instead.
const declarations = dist('generated/components.d.ts');
const types = await readFile(declarations, 'utf8');
if (!types.includes(`'${runtime}'`)) throw new Error(`${declarations} no longer imports ${runtime}`);
await writeFile(declarations, types.replaceAll(`'${runtime}'`, `'../runtime-types.js'`));

// @lit/react's browser build calls useLayoutEffect, which React 18 warns about on every server render;
// on the server (no window) those effects become useEffect, as the Stencil part already does.
const isomorphicLayoutEffect = {
  name: 'isomorphic-layout-effect',
  setup(bundle) {
    bundle.onLoad({ filter: /[\\/]@lit[\\/]react[\\/]create-component\.js$/ }, async ({ path }) => {
      const code = await readFile(path, 'utf8');
      const calls = /\b(\w+)\.useLayoutEffect\(/g;
      if (code.match(calls)?.length !== 2) throw new Error(`${path}: expected two useLayoutEffect calls`);
      return {
        contents: code.replace(calls, '(typeof window > "u" ? $1.useEffect : $1.useLayoutEffect)('),
        loader: 'js',
      };
    });
  },
};

// tsc's JavaScript is replaced by one bundle; react and the elements stay imports of the app.
await rm(dist('generated/components.js'));
await rm(dist('runtime-types.js'));
await build({
  absWorkingDir: root,
  entryPoints: ['src/index.ts'],
  outfile: 'dist/index.js',
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  external: ['react', 'react/*', 'react-dom', 'react-dom/*', 'open-passage', 'open-passage/*'],
  banner: { js: "'use client';" },
  legalComments: 'inline',
  plugins: [isomorphicLayoutEffect],
  logLevel: 'warning',
});
