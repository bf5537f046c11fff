#!/usr/bin/env node
// Builds <passage-debug-panel> (src/dev/debug-panel) on its own, with esbuild, into dist/debug-panel/:
// the package exports it as `open-passage/debug-panel`, and the demo server serves it in development.
// It is never part of the Stencil build, so no production script of the elements names it.
// `process.env.NODE_ENV` is left as written (platform neutral, no define): the bundler of the page that
// imports the panel decides whether it is a production build, in which the panel renders nothing.
// `--watch` (npm run dev, which starts it after Stencil's first build has emptied dist/): rebuilds on change.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, context } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist/debug-panel`;

const options = {
  entryPoints: [`${root}src/dev/debug-panel/index.ts`],
  outfile: `${outdir}/index.js`,
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  legalComments: 'none',
  minify: true,
  logLevel: 'warning',
};

const watch = process.argv.includes('--watch');
if (watch) await (await context(options)).watch();
else await build(options);

mkdirSync(outdir, { recursive: true });
writeFileSync(
  `${outdir}/index.d.ts`,
  `/** A development tool that previews every view of the open-passage elements on the page (docs/debug-panel.md). */
export declare class PassageDebugPanel extends HTMLElement {}
export declare const DEBUG_PANEL_TAG = 'passage-debug-panel';
/** Defines the element (once) and, unless in production, adds one to the page if it has none. */
export declare function attachDebugPanel(): HTMLElement | null;
declare global {
  interface HTMLElementTagNameMap {
    'passage-debug-panel': PassageDebugPanel;
  }
}
`,
);
console.log(
  `build-debug-panel: dist/debug-panel/index.js and index.d.ts written${watch ? ', watching' : ''}`,
);
