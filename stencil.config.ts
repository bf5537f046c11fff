import type { Config } from '@stencil/core';
import { reactOutputTarget } from '@stencil/react-output-target';

export const config: Config = {
  namespace: 'open-passage',
  taskQueue: 'async',
  globalScript: 'src/global/global.ts',
  outputTargets: [
    { type: 'dist', esmLoaderPath: '../loader' },
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
  ],
};
