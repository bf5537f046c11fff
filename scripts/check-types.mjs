#!/usr/bin/env node
/**
 * Type-checks the packed `open-passage` tarball as a user's project would see it: installs it in a
 * fresh folder under the system temp directory and runs `tsc --noEmit` on a file importing the main
 * entry, the loader and one custom-element module, once with moduleResolution bundler and once with
 * nodenext, both with skipLibCheck false.
 *
 *   node scripts/check-types.mjs test-results/packages/open-passage-0.1.0.tgz
 *
 * Exits non-zero (printing tsc's output) when either check fails. Uses the repository's TypeScript.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const tarball = process.argv[2];
if (!tarball) {
  console.error('usage: node scripts/check-types.mjs <open-passage-*.tgz>');
  process.exit(2);
}
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const dir = mkdtempSync(join(tmpdir(), 'open-passage-types-'));

const FIXTURE = `import { PassageClient, type AuthResult, type Components } from 'open-passage';
import { defineCustomElements } from 'open-passage/loader';
import { defineCustomElement } from 'open-passage/dist/components/passage-auth.js';

const client: PassageClient = new PassageClient('app-id', { apiUrl: 'https://id.example.com' });
const done = (result: AuthResult): string => result.redirect_url;
void client;
void done;
void defineCustomElements();
defineCustomElement();

const theme: Components.PassageAuth['theme'] = 'auto';
// @ts-expect-error theme is 'light' | 'dark' | 'auto'
const wrong: Components.PassageAuth['theme'] = 'purple';
void theme;
void wrong;
`;

const COMMON = {
  strict: true,
  skipLibCheck: false,
  noEmit: true,
  target: 'ES2022',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  types: [],
};
const RESOLUTIONS = {
  bundler: { module: 'ESNext', moduleResolution: 'bundler' },
  nodenext: { module: 'NodeNext', moduleResolution: 'NodeNext' },
};

let failed = false;
try {
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'fixture', private: true, type: 'module' }),
  );
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', resolve(tarball)], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  writeFileSync(join(dir, 'index.ts'), FIXTURE);
  for (const [name, options] of Object.entries(RESOLUTIONS)) {
    const config = `tsconfig.${name}.json`;
    writeFileSync(
      join(dir, config),
      JSON.stringify({ compilerOptions: { ...COMMON, ...options }, files: ['index.ts'] }),
    );
    try {
      execFileSync(process.execPath, [tsc, '-p', config], { cwd: dir, encoding: 'utf8' });
      console.log(`types ok: moduleResolution ${name}, skipLibCheck false`);
    } catch (error) {
      failed = true;
      console.error(`types FAILED: moduleResolution ${name}\n${error.stdout ?? ''}${error.stderr ?? ''}`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
