// open-passage/loader: defines the public elements from dist/open-passage/ (each element's module is its
// own chunk for bundlers). Hand-written and shipped as is; test/elements-package.test.mjs checks its tags.
export { setNonce } from '../dist/index.js';

const ELEMENTS = {
  'passage-auth': () => import('../dist/open-passage/passage-auth.js'),
  'passage-login': () => import('../dist/open-passage/passage-login.js'),
  'passage-register': () => import('../dist/open-passage/passage-register.js'),
  'passage-profile': () => import('../dist/open-passage/passage-profile.js'),
};

/** Defines the open-passage elements in this browser's custom-element registry. */
export async function defineCustomElements(_win, options = {}) {
  if (typeof window === 'undefined') return;
  const exclude = new Set(options.exclude ?? []);
  const tags = Object.keys(ELEMENTS).filter((tag) => !exclude.has(tag));
  const modules = await Promise.all(tags.map((tag) => ELEMENTS[tag]()));
  for (const module of modules) module.defineCustomElement();
}

/** @deprecated Nothing to polyfill; kept for code written against Stencil's loader. */
export async function applyPolyfills() {}
