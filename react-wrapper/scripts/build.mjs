// Builds dist/: tsc writes the declarations, esbuild the JavaScript: our modules as they are, and the
// small run-time part of @stencil/react-output-target (and @lit/react) as dist/runtime.js, so an app
// installs neither.
import { execFileSync } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
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
const generated = (await readdir(dist('generated'))).filter((name) => name.endsWith('.d.ts'));
const wrappers = generated.filter((name) => name !== 'components.d.ts');
if (wrappers.length === 0) throw new Error('no component wrappers in dist/generated');
for (const name of wrappers) {
  const file = dist(`generated/${name}`);
  const types = await readFile(file, 'utf8');
  if (!types.includes(`'${runtime}'`)) throw new Error(`${file} no longer imports ${runtime}`);
  await writeFile(file, types.replaceAll(`'${runtime}'`, `'../runtime-types.js'`));
}

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

// The JavaScript, by esbuild: a module per component (Stencil's `esModules`), so an app that splits its
// pages loads only the wrappers a page uses, and one run-time module they share. react and the elements
// stay imports of the app.
const modules = [
  'index.ts',
  'generated/components.ts',
  ...wrappers.map((name) => `generated/${name.replace(/\.d\.ts$/, '.ts')}`),
];
await Promise.all(modules.map((name) => rm(dist(name.replace(/\.ts$/, '.js')))));
await rm(dist('runtime-types.js'));
const common = { absWorkingDir: root, format: 'esm', target: 'es2022', logLevel: 'warning' };
await build({
  ...common,
  entryPoints: modules.map((name) => `src/${name}`),
  outdir: 'dist',
  outbase: 'src',
});
await build({
  ...common,
  entryPoints: { runtime: runtime },
  outdir: 'dist',
  bundle: true,
  platform: 'browser',
  external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
  banner: { js: "'use client';" },
  legalComments: 'inline',
  plugins: [isomorphicLayoutEffect],
});
for (const name of wrappers) {
  const file = dist(`generated/${name.replace(/\.d\.ts$/, '.js')}`);
  const code = await readFile(file, 'utf8');
  if (!code.includes(`"${runtime}"`)) throw new Error(`${file} no longer imports ${runtime}`);
  await writeFile(file, code.replaceAll(`"${runtime}"`, '"../runtime.js"'));
}
