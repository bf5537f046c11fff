// Builds dist/: tsc writes the declarations, esbuild the JavaScript: our modules as they are, and the
// run-time part of @stencil/vue-output-target as dist/runtime.js, so an app does not install it.
import { execFileSync } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = (path) => fileURLToPath(new URL(`../dist/${path}`, import.meta.url));
const runtime = '@stencil/vue-output-target/runtime';

await rm(dist(''), { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: root, stdio: 'inherit' });

/** Rewrites the import of `from` in a built file to `to`, failing when the file no longer has it. */
async function reimport(file, from, to) {
  const text = await readFile(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} no longer imports ${from}`);
  await writeFile(file, text.replaceAll(from, to));
}

// The declarations name the generated code's one type from our own copy instead.
await reimport(dist('generated/components.d.ts'), `'${runtime}'`, `'../runtime-types.js'`);

// The wrapper hands each prop to Vue's h() under its own name, and Vue's DOM renderer takes every
// `on…` key for an event listener: the elements' callback props (onSuccess, onEvent) would become
// listeners of events that never fire. A leading dot makes Vue set them as element properties.
const callbackProps = {
  name: 'callback-props',
  setup(bundle) {
    bundle.onLoad(
      { filter: /[\\/]@stencil[\\/]vue-output-target[\\/]dist[\\/]runtime\.js$/ },
      async ({ path }) => {
        const code = await readFile(path, 'utf8');
        const assignment = 'propsToAdd[key] = value;';
        if (code.split(assignment).length !== 2) throw new Error(`${path}: expected one "${assignment}"`);
        return {
          contents: code.replace(assignment, 'propsToAdd[/^on[A-Z]/.test(key) ? `.${key}` : key] = value;'),
          loader: 'js',
        };
      },
    );
  },
};

// The JavaScript, by esbuild; vue and the elements stay imports of the app. The run-time module keeps
// only what the wrappers use (defineContainer): its server-rendering part imports Vue's template compiler.
const common = { absWorkingDir: root, format: 'esm', target: 'es2022', logLevel: 'warning' };
await build({
  ...common,
  entryPoints: ['src/index.ts', 'src/generated/components.ts'],
  outdir: 'dist',
  outbase: 'src',
});
await build({
  ...common,
  stdin: { contents: `export { defineContainer } from '${runtime}';`, resolveDir: root, loader: 'js' },
  outfile: dist('runtime.js'),
  bundle: true,
  platform: 'browser',
  external: ['vue', 'vue/*'],
  legalComments: 'inline',
  banner: { js: '// The run-time part of @stencil/vue-output-target (MIT License, Copyright (c) Ionic).' },
  plugins: [callbackProps],
});
await reimport(dist('generated/components.js'), `"${runtime}"`, '"../runtime.js"');
