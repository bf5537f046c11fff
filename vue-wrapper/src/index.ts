// Vue components for the open-passage elements; the generated file is rebuilt by `stencil build`.
export * from './generated/components.js';
export type { StencilVueComponent } from './runtime-types.js';
