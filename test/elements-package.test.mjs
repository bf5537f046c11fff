// The built elements package (after `npm run build`: dist/ and custom-elements.json, as
// scripts/elements-package.mjs shaped them) against what its types promise: TypeScript accepts an import
// of any value the main entry's types declare, which the user's bundler then refuses (MISSING_EXPORT)
// if dist/index.js does not export it; custom-elements.json names the main entry as the module of the
// types the elements' props and events use, which a tool then looks for there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path) => readFileSync(join(root, path), 'utf8');

/** The exports of dist/types/index.d.ts, and a checker to tell their kinds. */
function mainEntryTypes() {
  const file = join(root, 'dist/types/index.d.ts');
  const program = ts.createProgram([file], { noEmit: true, types: [] });
  const checker = program.getTypeChecker();
  const entry = checker.getSymbolAtLocation(program.getSourceFile(file));
  return { checker, exports: entry ? checker.getExportsOfModule(entry) : [] };
}

/** Whether `symbol` is a value at run time: not a type, nor exported along the way with `export type`. */
function isRuntimeValue(checker, symbol) {
  for (let at = symbol; at; at = checker.getImmediateAliasedSymbol(at)) {
    const typeOnly = (at.declarations ?? []).some(
      (d) => ts.isExportSpecifier(d) && (d.isTypeOnly || d.parent.parent.isTypeOnly),
    );
    if (typeOnly) return false;
    if (!(at.flags & ts.SymbolFlags.Alias)) return Boolean(at.flags & ts.SymbolFlags.Value);
  }
  return false;
}

/** The names the `export { … }` statements of a module's text export. */
function exportedNames(text) {
  return [...text.matchAll(/export\s*\{([^}]*)\}/g)].flatMap(([, list]) =>
    list.split(',').map((specifier) =>
      specifier
        .trim()
        .split(/\s+as\s+/)
        .pop(),
    ),
  );
}

/** Every `{ name, module: 'dist/index.js' }` reference in custom-elements.json. */
function mainEntryReferences(manifest) {
  const names = new Set();
  JSON.stringify(manifest, (key, value) => {
    if (value && typeof value === 'object' && value.module === 'dist/index.js') names.add(value.name);
    return value;
  });
  return [...names];
}

describe('the built elements package', () => {
  const { checker, exports } = mainEntryTypes();

  it("exports from dist/index.js every value its main entry's types declare", () => {
    const runtime = new Set(exportedNames(read('dist/index.js')));
    const values = exports.filter((symbol) => isRuntimeValue(checker, symbol)).map((s) => s.name);
    expect(values.length, 'no values found in dist/types/index.d.ts').toBeGreaterThan(0);
    expect(values.filter((name) => !runtime.has(name))).toEqual([]);
  });

  it('exports from its main entry every type custom-elements.json says it does', () => {
    const references = mainEntryReferences(JSON.parse(read('custom-elements.json')));
    expect(references.length, 'no references to dist/index.js in custom-elements.json').toBeGreaterThan(0);
    const exported = new Set(exports.map((symbol) => symbol.name));
    expect(references.filter((name) => !exported.has(name))).toEqual([]);
  });

  it('defines every public element, and only those, from the loader and on import', () => {
    const tags = JSON.parse(read('custom-elements.json'))
      .modules.flatMap((module) => module.declarations.map((declaration) => declaration.tagName))
      .filter(Boolean)
      .sort();
    expect(tags.length, 'no elements in custom-elements.json').toBeGreaterThan(0);
    for (const file of ['loader/index.js', 'loader/define-on-import.js']) {
      const loaded = [
        ...read(file).matchAll(/'([a-z-]+)': \(\) => import\('\.\.\/dist\/open-passage\/\1\.js'\)/g),
      ];
      expect(loaded.map(([, tag]) => tag).sort(), file).toEqual(tags);
    }
  });
});
