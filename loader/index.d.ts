export type { Components, JSX } from '../dist/types/components.js';
export interface CustomElementsDefineOptions {
  /** Tags not to define. */
  exclude?: string[];
}
/** Defines <passage-auth>, <passage-login>, <passage-register>, <passage-profile> (resolves once they are defined). */
export declare function defineCustomElements(win?: Window, opts?: CustomElementsDefineOptions): Promise<void>;
/** @deprecated Nothing to polyfill; kept for code written against Stencil's loader. */
export declare function applyPolyfills(): Promise<void>;
/** Sets the nonce added to the style tags the elements create (for a Content-Security-Policy). */
export declare function setNonce(nonce: string): void;
