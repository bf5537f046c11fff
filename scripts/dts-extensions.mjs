#!/usr/bin/env node
/**
 * Runs after `stencil build`: Stencil writes the declaration files with extensionless relative
 * imports (`from './client'`), which TypeScript refuses under moduleResolution node16/nodenext in an
 * ESM package. This rewrites each relative specifier in the shipped .d.ts files to the file it
 * resolves to (`./client/index.js`, `./constants.js`), so the types work under bundler and nodenext.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const ROOTS = ['dist/types', 'dist/components', 'loader'];
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
console.log(`dts-extensions: ${changed} declaration files given explicit extensions`);
