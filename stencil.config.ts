import type { Config } from '@stencil/core';
import { reactOutputTarget } from '@stencil/react-output-target';

export const config: Config = {
  namespace: 'open-passage',
  // The library only: tests (and the server code some of them import) stay out of dist/.
  tsconfig: 'tsconfig.stencil.json',
  taskQueue: 'async',
  globalScript: 'src/global/global.ts',
  outputTargets: [
    // No dist/collection: the package is consumed as built elements, not as Stencil sources.
    { type: 'dist', esmLoaderPath: '../loader', collectionDir: null },
    {
      type: 'dist-custom-elements',
      customElementsExportBehavior: 'single-export-module',
      externalRuntime: false,
    },
    { type: 'www', serviceWorker: null },
    reactOutputTarget({
      outDir: './react-wrapper/src/generated',
      // The view preview is for tests and view work, not for apps.
      excludeComponents: ['passage-view-preview'],
    }),
    // Committed, generated from the components' JSDoc (a test checks they are current).
    { type: 'docs-readme', dir: 'docs/elements', overwriteExisting: true, footer: '' },
    { type: 'docs-custom-elements-manifest', file: 'custom-elements.json' },
  ],
};
