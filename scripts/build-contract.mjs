#!/usr/bin/env node
// Compiles the wire contract (src/contract: TypeBox schemas, their types, the error codes) on its own into
// dist/contract/, for `open-passage/contract`, which the server imports. The elements' bundle takes only
// its types and single error codes, never this build. `npm run build:elements` runs it through
// elements-package.mjs; `--watch` (npm run dev) waits for Stencil's first build, which empties dist/,
// then builds and rebuilds whenever src/contract changes.
import { existsSync, rmSync, statSync, watch as watchFolder } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
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
async function watchContract() {
  const started = Date.now();
  const stencilOutput = `${root}dist/open-passage/index.js`;
  while (!existsSync(stencilOutput) || statSync(stencilOutput).mtimeMs < started) await sleep(500);
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
  if (process.argv.includes('--watch')) await watchContract();
  else {
    buildContract();
    console.log('build-contract: dist/contract/ written');
  }
}
