export * from './client';
export type { Components, JSX } from './components';
export { ELEMENT_VERSION } from './constants';
