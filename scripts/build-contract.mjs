#!/usr/bin/env node
// Compiles the wire contract (src/contract: TypeBox schemas, their types, the error codes) on its own into
// dist/contract/, for `open-passage/contract`, which the server imports. The elements' bundle takes only
// its types and single error codes, never this build. `npm run build:elements` runs it through
// elements-package.mjs; `--watch` (npm run dev, which starts it after Stencil's first build has emptied
// dist/) builds, then rebuilds whenever src/contract changes.
import { rmSync, watch as watchFolder } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Writes dist/contract/ (ES modules with declarations; the sources' imports carry .js already). */
export function buildContract() {
  rmSync(`${root}dist/contract`, { recursive: true, force: true });
  const program = ts.createProgram([`${root}src/contract/index.ts`], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    declaration: true,
    skipLibCheck: true,
    types: [],
    rootDir: `${root}src/contract`,
    outDir: `${root}dist/contract`,
  });
  const emitted = program.emit();
  const problems = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];
  if (problems.length === 0) return;
  const host = {
    getCanonicalFileName: (file) => file,
    getCurrentDirectory: () => root,
    getNewLine: () => '\n',
  };
  throw new Error(`src/contract does not compile:\n${ts.formatDiagnostics(problems, host)}`);
}

/** Builds, then again after each change to src/contract (a failed build is reported, and watching goes on). */
function watchContract() {
  const rebuild = () => {
    try {
      buildContract();
      console.log('build-contract: dist/contract/ written, watching src/contract');
    } catch (error) {
      console.error(error.message);
    }
  };
  rebuild();
  let pending;
  watchFolder(`${root}src/contract`, { recursive: true }, () => {
    clearTimeout(pending);
    pending = setTimeout(rebuild, 200);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--watch')) watchContract();
  else {
    buildContract();
    console.log('build-contract: dist/contract/ written');
  }
}
