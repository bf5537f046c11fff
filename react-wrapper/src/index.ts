// React components for the open-passage elements; the generated file is rebuilt by `stencil build`.
export * from './generated/components.js';
export type { EventName, StencilReactComponent } from './runtime-types.js';
