/**
 * The server-rendering run time of open-passage-react/ssr on a server (bundled into dist/ssr-runtime.js,
 * reached through the package's `#ssr-runtime` import): @stencil/react-output-target's, which renders
 * the element with the hydrate app (open-passage/hydrate) into a declarative shadow root, with one
 * addition: the element is marked `defer-hydration`, so that in the browser it waits for React to set
 * its properties (api-url) before it asks anything; the browser's wrapper removes the mark once it has.
 */
import { createComponent as stencilComponent } from '@stencil/react-output-target/ssr';

type Options = Parameters<typeof stencilComponent>[0];

export const createComponent = ((options: Options) => {
  const render = stencilComponent(options) as unknown as (props: object) => unknown;
  return (props: object) => render({ ...props, 'defer-hydration': '' });
}) as typeof stencilComponent;
