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
const ssrRuntime = '@stencil/react-output-target/ssr';

await rm(dist(''), { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });

// The server-rendering run time's declarations are not part of the package (its modules are reached
// through the `#ssr-runtime` import, typed by the generated code's own imports).
await rm(dist('ssr-runtime'), { recursive: true, force: true });

// The declarations name the generated code's types from our own copy instead.
const generated = (await readdir(dist('generated'))).filter((name) => name.endsWith('.d.ts'));
// The profile has no server rendering (stencil.hydrate.config.ts): its server module is empty.
const unused = ['passage-profile.server.d.ts'];
await Promise.all(unused.map((name) => rm(dist(`generated/${name}`))));
await Promise.all(
  unused.map((name) => rm(dist(`generated/${name.replace(/\.d\.ts$/, '.js')}`), { force: true })),
);
const declarations = generated.filter((name) => name !== 'components.d.ts' && !unused.includes(name));
const wrappers = declarations.filter((name) => name !== 'components.server.d.ts');
if (wrappers.length === 0) throw new Error('no component wrappers in dist/generated');
for (const name of declarations) {
  const file = dist(`generated/${name}`);
  const types = await readFile(file, 'utf8');
  const upstream = /(['"])@stencil\/react-output-target\/(runtime|ssr)\1/g;
  if (!upstream.test(types)) throw new Error(`${file} no longer imports ${runtime} or ${ssrRuntime}`);
  await writeFile(file, types.replace(upstream, `'../runtime-types.js'`));
}

// @lit/react's browser build calls useLayoutEffect, which React 18 warns about on every server render;
// on the server (no window) those effects become useEffect, as the Stencil part already does. And on the
// server the element is marked defer-hydration, which the second effect removes once the first has set
// its properties: a server-rendered element waits for them before it asks anything (api-url above all).
const isomorphicLayoutEffect = {
  name: 'isomorphic-layout-effect',
  setup(bundle) {
    bundle.onLoad({ filter: /[\\/]@lit[\\/]react[\\/]create-component\.js$/ }, async ({ path }) => {
      const code = await readFile(path, 'utf8');
      const calls = /\b(\w+)\.useLayoutEffect\(/g;
      if (code.match(calls)?.length !== 2) throw new Error(`${path}: expected two useLayoutEffect calls`);
      const suppress = /\b(\w+)\.suppressHydrationWarning\s*=\s*!0/g;
      if (code.match(suppress)?.length !== 1)
        throw new Error(`${path}: expected one suppressHydrationWarning`);
      if (!code.includes('removeAttribute("defer-hydration")'))
        throw new Error(`${path}: no defer-hydration`);
      return {
        contents: code
          .replace(calls, '(typeof window > "u" ? $1.useEffect : $1.useLayoutEffect)(')
          .replace(suppress, '$&, typeof window > "u" && ($1["defer-hydration"] = "")'),
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
  'ssr.ts',
  'generated/components.ts',
  ...declarations.map((name) => `generated/${name.replace(/\.d\.ts$/, '.ts')}`),
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
for (const name of wrappers.filter((name) => !name.endsWith('.server.d.ts'))) {
  const file = dist(`generated/${name.replace(/\.d\.ts$/, '.js')}`);
  const code = await readFile(file, 'utf8');
  if (!code.includes(`"${runtime}"`)) throw new Error(`${file} no longer imports ${runtime}`);
  await writeFile(file, code.replaceAll(`"${runtime}"`, '"../runtime.js"'));
}

// Server rendering (open-passage-react/ssr): each `<tag>.server.js` imports the run time, the browser's
// wrappers and the hydrate app. The run time and the hydrate app are package imports whose `browser`
// condition is a stand-in (package.json "imports"), so a browser bundle gets none of the server's code.
const serverModules = declarations
  .filter((name) => name.endsWith('.server.d.ts') && name !== 'components.server.d.ts')
  .map((name) => dist(`generated/${name.replace(/\.d\.ts$/, '.js')}`));
for (const file of serverModules) {
  const code = await readFile(file, 'utf8');
  const rewritten = code
    .replaceAll(`"${ssrRuntime}"`, '"#ssr-runtime"')
    .replaceAll('"open-passage-react"', '"../index.js"')
    .replaceAll('import("open-passage/hydrate")', 'import("#hydrate")');
  for (const imported of ['#ssr-runtime', '../index.js', '#hydrate']) {
    if (!rewritten.includes(`"${imported}"`)) throw new Error(`${file}: no import to rewrite as ${imported}`);
  }
  await writeFile(file, rewritten);
}
const serverComponents = dist('generated/components.server.js');
const exportsOnly = (await readFile(serverComponents, 'utf8')).replace(/^import .*"@stencil[^"]*";\n/m, '');
await writeFile(serverComponents, exportsOnly);
await build({
  ...common,
  entryPoints: { 'ssr-runtime': 'src/ssr-runtime/server.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  // Servers only, but the package's size counts.
  minify: true,
  // html-react-parser is a dependency of the package (CommonJS that requires react: not bundled).
  external: ['react', 'react/*', 'react-dom', 'react-dom/*', 'html-react-parser'],
  legalComments: 'inline',
  plugins: [isomorphicLayoutEffect],
});
await build({
  ...common,
  entryPoints: {
    'ssr-runtime.browser': 'src/ssr-runtime/browser.ts',
    'no-hydrate': 'src/ssr-runtime/no-hydrate.ts',
  },
  outdir: 'dist',
});
