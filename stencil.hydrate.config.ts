import type { Config } from '@stencil/core';
import { reactOutputTarget } from '@stencil/react-output-target';
import { config as browser, reactWrappers } from './stencil.config';

/**
 * The second build of `npm run build:elements`: the hydrate app (exported as open-passage/hydrate),
 * which renders the elements to HTML in Node with their shadow roots as declarative shadow DOM, and
 * the React wrappers' server-rendering twins (open-passage-react/ssr). See docs/server-rendering.md.
 * A build of its own because Stencil adds client-side hydration to the browser's runtime of any build
 * that has a hydrate output: over 3 kB of the first render's budget (docs/performance.md) for nodes the
 * elements replace anyway (they render their form again once the browser has the app).
 */
export const config: Config = {
  ...browser,
  outputTargets: [
    // Minified: servers do not mind, the package's size does.
    { type: 'dist-hydrate-script', dir: 'dist/hydrate', minify: true },
    reactOutputTarget({
      ...reactWrappers,
      // `<tag>.server.ts` for each wrapper: the element rendered by the hydrate app on the server, the
      // browser's wrapper in the browser. The profile needs the signed-in user, which only the browser has.
      hydrateModule: 'open-passage/hydrate',
      clientModule: 'open-passage-react',
      excludeServerSideRenderingFor: ['passage-profile'],
    }),
  ],
};
