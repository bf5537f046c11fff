import type { Config } from '@stencil/core';
import { reactOutputTarget } from '@stencil/react-output-target';
import { vueOutputTarget } from '@stencil/vue-output-target';

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
    // Committed, generated from the components' JSDoc (a test checks they are current).
    { type: 'docs-readme', dir: 'docs/elements', overwriteExisting: true, footer: '' },
    { type: 'docs-custom-elements-manifest', file: 'custom-elements.json' },
  ],
};
