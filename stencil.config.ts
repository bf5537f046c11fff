import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Config } from '@stencil/core';
import { reactOutputTarget } from '@stencil/react-output-target';
import { vueOutputTarget } from '@stencil/vue-output-target';
import { transform } from 'esbuild';

const INLINE = '?inline';
/** Not a `.css` path, so no other plugin (Stencil's, Vite's) takes the module for a stylesheet. */
const INLINE_ID = '\0inline-css:';

/**
 * esbuild's minifier keeps the spaces in custom property values and `var()` fallbacks as written
 * (`--a: x, y`, `var(--a, var(--b))`); browsers ignore them there as everywhere around `:`, `,` and
 * parentheses. Drops them, leaving quoted strings alone.
 */
const compactValues = (css: string): string =>
  css.replace(
    /("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|(?<=[:,(])\s+|\s+(?=[,)])/g,
    (_, quoted?: string) => quoted ?? '',
  );

/**
 * `import css from './x.css?inline'`: the stylesheet as a string, minified by esbuild (comments and
 * layout gone), in the chunk of the module that imports it. The elements adopt these strings as
 * constructable stylesheets (src/themes/sheets.ts), so they are not Stencil's `styleUrls`, and a
 * lazily loaded view's rules load with it. vitest.config.ts uses the same plugin: tests read the
 * text that ships.
 */
export const inlineCss = {
  name: 'inline-css',
  enforce: 'pre' as const,
  resolveId(source: string, importer: string | undefined): string | null {
    if (!source.endsWith(`.css${INLINE}`) || !importer) return null;
    return `${INLINE_ID}${resolve(dirname(importer), source.slice(0, -INLINE.length))}.js`;
  },
  async load(this: { addWatchFile(file: string): void }, id: string): Promise<string | null> {
    if (!id.startsWith(INLINE_ID)) return null;
    const file = id.slice(INLINE_ID.length, -'.js'.length);
    this.addWatchFile(file);
    const css = await transform(await readFile(file, 'utf8'), {
      loader: 'css',
      minify: true,
      sourcefile: file,
    });
    return `export default ${JSON.stringify(compactValues(css.code.trimEnd()))};`;
  },
};

/** The React output target's options (shared with stencil.hydrate.config.ts). */
export const reactWrappers = {
  outDir: './react-wrapper/src/generated',
  // The public path of dist/open-passage/ (package.json exports), not the folder's own name.
  customElementsDir: 'dist/components',
  // The view preview and gallery are for tests and view work, not for apps.
  excludeComponents: ['passage-view-preview', 'passage-view-gallery'],
  // A module per component, so an app whose pages are split loads only the wrappers each page uses.
  esModules: true,
};

/** `stencil build --watch`, as `npm run dev` runs it. */
const watching = process.argv.includes('--watch');

export const config: Config = {
  namespace: 'open-passage',
  // The library only: tests (and the server code some of them import) stay out of dist/.
  tsconfig: 'tsconfig.stencil.json',
  taskQueue: 'async',
  // `stencil build --watch` (npm run dev) watches the whole project: without these, the files its own
  // output targets write (the React wrappers, the readmes, the manifest) start the next build, forever.
  watchIgnoredRegex: [
    /[\\/]react-wrapper[\\/]/,
    /[\\/]vue-wrapper[\\/]/,
    /[\\/]docs[\\/]/,
    /custom-elements\.json$/,
  ],
  // No `<style>` in the page's head hiding the elements until they load (Stencil's lazy loader adds
  // one by default): a page whose CSP has no style-src 'unsafe-inline' would refuse it, and the
  // elements have no light-DOM content to hide anyway. Their own styles are adopted sheets.
  invisiblePrehydration: false,
  // No `hydrated` class on the elements once they load: nothing styles by it (see above), and the
  // runtime is smaller without it (first-render budget: docs/performance.md).
  hydratedFlag: null,
  // The three sign-in elements share one class and nearly all their code: one entry chunk for them
  // instead of three small entries and a shared chunk (fewer requests and bytes in the first render).
  bundles: [{ components: ['passage-auth', 'passage-login', 'passage-register'] }],
  rollupPlugins: { before: [inlineCss] },
  outputTargets: [
    // For the types (dist/types); its lazy builds (dist/lazy, dist/esm, dist/cjs) are not shipped, and
    // no dist/collection: the package is consumed as built elements, not as Stencil sources.
    { type: 'dist', esmLoaderPath: 'lazy-loader', collectionDir: null, buildDir: 'lazy' },
    // The one build the package ships, for bundlers (exported as open-passage/dist/components/*) and
    // for plain pages alike: open-passage.esm.js defines each element when it first appears.
    {
      type: 'dist-custom-elements',
      dir: 'dist/open-passage',
      customElementsExportBehavior: 'single-export-module',
      externalRuntime: false,
      autoLoader: { fileName: 'open-passage.esm' },
    },
    // www/: the elements' lazy build, which the tests and benches load, and the view gallery's page
    // (served at /dev/views in development: docs/view-gallery.md).
    { type: 'www', serviceWorker: null, copy: [{ src: 'dev/gallery/views.html', dest: 'views.html' }] },
    // The React wrappers; their server-rendering twins come from stencil.hydrate.config.ts.
    reactOutputTarget(reactWrappers),
    vueOutputTarget({
      componentCorePackage: 'open-passage',
      proxiesFile: './vue-wrapper/src/generated/components.ts',
      // Each wrapper imports and defines its element: an app needs no loader call and no Vue compiler
      // option (isCustomElement), and the wrappers listen to the elements' events themselves.
      includeImportCustomElements: true,
      // The public path of dist/open-passage/ (package.json exports), not the folder's own name.
      customElementsDir: 'dist/components',
      // The view preview and gallery are for tests and view work, not for apps.
      excludeComponents: ['passage-view-preview', 'passage-view-gallery'],
    }),
    // Committed, generated from the components' JSDoc (a test checks they are current). Not in watch
    // mode (npm run dev): the shared shadow parts are copied in by the second, hydrate build
    // (stencil.hydrate.config.ts), which watch mode does not run, so the docs would lose them.
    ...(watching
      ? []
      : ([
          { type: 'docs-readme', dir: 'docs/elements', overwriteExisting: true, footer: '' },
          { type: 'docs-custom-elements-manifest', file: 'custom-elements.json' },
        ] as const)),
  ],
};
