#!/usr/bin/env node
// Hand-written because it fixes what is particular to this package's Stencil output (no tool knows it):
// the internal elements taken out, the main entry written, declaration specifiers given extensions
// (tsc-alias --resolve-full-paths adds them only where a .js file sits beside, which dist/types lacks).
/**
 * Runs after `stencil build` (`npm run build:elements`) and shapes what the `open-passage` package
 * ships. Its one build is `dist/open-passage/` (Stencil's dist-custom-elements): the element modules
 * bundlers import (exported as `open-passage/dist/components/*`), and `open-passage.esm.js`, which a
 * plain page loads with a script tag and which defines each element when it first appears.
 *
 * 1. `dist/index.js` (the main entry) re-exports what `dist/open-passage/index.js` exports, from the
 *    modules that hold it, and defines the public elements on demand when imported in a browser
 *    (`loader/define-on-import.js`, minified). `open-passage/loader` is hand-written (`loader/`).
 * 2. Stencil writes the declaration files with extensionless relative imports (`from './client'`),
 *    which TypeScript refuses under moduleResolution node16/nodenext in an ESM package: each relative
 *    specifier in the shipped .d.ts files becomes the file it resolves to (`./client/index.js`).
 * 3. Declaration files no public entry reaches (views, locales, internals) are deleted from dist/types.
 * 4. custom-elements.json names each element's shipped module (`dist/open-passage/<tag>.js`) rather
 *    than its TypeScript source, which the package does not contain, and the main entry as the module
 *    of the types its props and events use (test/elements-package.test.mjs: it exports each of them).
 * 0. The view gallery (`<passage-view-gallery>`, served from `www/` at /dev/views in development) is
 *    not shipped: its module, its exports and its autoloader entry leave `dist/open-passage/`.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { transformSync } from 'esbuild';
import ts from 'typescript';

// 0. Development-only elements leave the package (each step fails loudly if the build changed shape):
//    their modules, the chunks only they used, and their declarations in the public types.
const INTERNAL = ['passage-view-gallery', 'passage-view-preview'];
for (const tag of INTERNAL) {
  const drop = (file, pattern) => {
    const text = readFileSync(file, 'utf8');
    const rest = text.replace(pattern, '');
    if (rest === text) throw new Error(`${file}: no ${tag} entry to remove`);
    writeFileSync(file, rest);
  };
  drop('dist/open-passage/index.js', new RegExp(`export\\{[^}]*\\}from"\\./${tag}\\.js";?`));
  drop('dist/open-passage/index.d.ts', new RegExp(`^export .* from '[^']*/${tag}(\\.js)?';\\n`, 'gm'));
  drop('dist/open-passage/open-passage.esm.js', new RegExp(`"${tag}":"\\./${tag}\\.js",?`));
  for (const ext of ['.js', '.d.ts']) rmSync(`dist/open-passage/${tag}${ext}`);
}
const orphans = unreachedChunks('dist/open-passage');
for (const file of orphans) rmSync(join('dist/open-passage', file));
withoutInternalTypes('dist/types/components.d.ts', INTERNAL);

/** The `p-*.js` chunks of `dir` no entry module (index, autoloader, element module) imports. */
function unreachedChunks(dir) {
  const files = readdirSync(dir).filter((name) => name.endsWith('.js'));
  const reached = new Set();
  const queue = files.filter((name) => !name.startsWith('p-'));
  while (queue.length > 0) {
    const file = queue.pop();
    if (reached.has(file)) continue;
    reached.add(file);
    const text = readFileSync(join(dir, file), 'utf8');
    for (const [, target] of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']\.\/([^"']+\.js)["']/g)) {
      if (!existsSync(join(dir, target)))
        throw new Error(`${dir}/${file} imports ./${target}, which is gone`);
      queue.push(target);
    }
  }
  return files.filter((name) => !reached.has(name));
}

/**
 * Removes the internal elements from Stencil's generated declarations: their `Components` and
 * `LocalJSX` interfaces, `HTML…Element` types, event types, and their `HTMLElementTagNameMap` and
 * `JSX.IntrinsicElements` entries. Found by name in the syntax tree, each with its doc comment.
 */
function withoutInternalTypes(file, tags) {
  const text = readFileSync(file, 'utf8');
  const names = tags.map((tag) => tag.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase()));
  const internal = (name) => tags.includes(name) || names.some((n) => name.includes(n));
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const cuts = [];
  const visit = (node) => {
    const name =
      ts.isInterfaceDeclaration(node) || ts.isPropertySignature(node)
        ? node.name.text
        : ts.isVariableStatement(node)
          ? node.declarationList.declarations[0].name.getText(source)
          : undefined;
    if (typeof name === 'string' && internal(name)) cuts.push([node.getFullStart(), node.end]);
    else ts.forEachChild(node, visit);
  };
  visit(source);
  if (cuts.length === 0) throw new Error(`${file}: no declaration of ${tags.join(', ')} to remove`);
  let rest = text;
  for (const [start, end] of cuts.reverse()) rest = rest.slice(0, start) + rest.slice(end);
  const left = tags.filter((tag) =>
    new RegExp(`["']${tag}["']|HTML${names[tags.indexOf(tag)]}Element\\b`).test(rest),
  );
  if (left.length > 0) throw new Error(`${file}: ${left.join(', ')} still declared after the removal`);
  writeFileSync(file, rest);
}

// 1. The main entry: the export statements of dist/open-passage/index.js.
const componentsIndex = readFileSync('dist/open-passage/index.js', 'utf8');
const exportStatements = componentsIndex.match(/export\s*(\{[^}]*\}|\*)\s*from\s*"\.\/[^"]+";/g) ?? [];
if (exportStatements.length === 0) throw new Error('dist/open-passage/index.js: no export statements found');
writeFileSync(
  'dist/index.js',
  exportStatements.map((statement) => statement.replace(/from\s*"\.\//, 'from"./open-passage/')).join('\n') +
    '\n' +
    transformSync(readFileSync('loader/define-on-import.js', 'utf8'), { minify: true }).code,
);

// 2. Explicit extensions in declaration files. Here, not in src/ (`./steps.js`): Stencil 4.45 finds the
//    runtime features the elements use (functional components, listeners) by following `./x` to x.ts(x),
//    never `./x.js`, so with those its runtime lacks them and the elements render nothing. Stencil writes
//    some of these specifiers itself anyway (`@stencil/core` as `…/stencil-public-runtime`, `../types`).
const ROOTS = ['dist/types', 'dist/open-passage', 'loader'];
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\2/g;

function* declarationFiles(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* declarationFiles(path);
    else if (name.endsWith('.d.ts')) yield path;
  }
}

/** The specifier with the extension a node16/nodenext resolver needs, or the same one if none fits. */
function withExtension(file, specifier) {
  if (/\.(m|c)?js$/.test(specifier)) return specifier;
  const target = resolve(dirname(file), specifier);
  if (existsSync(`${target}.d.ts`)) return `${specifier}.js`;
  if (existsSync(join(target, 'index.d.ts'))) return `${specifier.replace(/\/$/, '')}/index.js`;
  return specifier;
}

let changed = 0;
for (const root of ROOTS) {
  for (const file of declarationFiles(root)) {
    const text = readFileSync(file, 'utf8');
    const fixed = text.replace(
      SPECIFIER,
      (_, lead, quote, specifier) => `${lead}${quote}${withExtension(file, specifier)}${quote}`,
    );
    if (fixed !== text) {
      writeFileSync(file, fixed);
      changed++;
    }
  }
}

// 3. Only the declaration files the entries reach.
const ENTRIES = [
  'dist/types/index.d.ts',
  'dist/types/components.d.ts',
  'loader/index.d.ts',
  ...readdirSync('dist/open-passage')
    .filter((name) => name.endsWith('.d.ts'))
    .map((name) => join('dist/open-passage', name)),
];
const reached = new Set();
const queue = ENTRIES.map((file) => resolve(file));
while (queue.length > 0) {
  const file = queue.pop();
  if (reached.has(file)) continue;
  reached.add(file);
  for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
    const target = resolve(dirname(file), match[3].replace(/\.js$/, '.d.ts'));
    if (!existsSync(target)) throw new Error(`${file}: ${match[3]} does not resolve`);
    queue.push(target);
  }
}
let pruned = 0;
for (const file of declarationFiles('dist/types')) {
  if (!reached.has(resolve(file))) {
    rmSync(file);
    pruned++;
  }
}
// 4. The manifest's module paths.
const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
for (const module of manifest.modules) {
  const tag = module.declarations.find((declaration) => declaration.customElement)?.tagName;
  if (!tag || !existsSync(`dist/open-passage/${tag}.js`))
    throw new Error(`custom-elements.json: ${module.path}?`);
  module.path = `dist/open-passage/${tag}.js`;
}
const json = JSON.stringify(
  manifest,
  (key, value) => {
    if (
      value &&
      typeof value === 'object' &&
      typeof value.module === 'string' &&
      value.module.startsWith('.')
    ) {
      return { ...value, module: 'dist/index.js' };
    }
    return value;
  },
  2,
);
writeFileSync('custom-elements.json', json);

console.log(
  `elements-package: dist/index.js and loader/ written, ${changed} declaration files given extensions, ${pruned} unreached ones removed`,
);
