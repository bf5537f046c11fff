/**
 * The server-rendering run time of open-passage-react/ssr in a browser bundle (the `browser` condition
 * of the package's `#ssr-runtime` import): each component is the browser's wrapper, and none of the
 * server's code (the hydrate app, react-dom/server, an HTML parser) reaches the page.
 */
import type { createComponent as stencilComponent } from '@stencil/react-output-target/ssr';

type Options = Parameters<typeof stencilComponent>[0];

export const createComponent = ((options: Options) => options.clientModule) as typeof stencilComponent;
