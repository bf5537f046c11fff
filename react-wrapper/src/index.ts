// React components for the open-passage elements; the generated file is rebuilt by `stencil build`.
export * from './generated/components.js';
