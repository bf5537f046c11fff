// open-passage-react/ssr: the components, rendered on the server too (Next.js App Router and other React
// server renderers): the page's HTML holds each sign-in element's first form in a declarative shadow
// root. In the browser they are the components of open-passage-react itself. The generated files are
// rebuilt by `stencil build --config stencil.hydrate.config.ts`.
export * from './generated/components.server.js';
// The profile needs the signed-in user, whom only the browser knows: it renders there only.
export { PassageProfile } from './generated/passage-profile.js';
export type { EventName, StencilReactComponent } from './runtime-types.js';
