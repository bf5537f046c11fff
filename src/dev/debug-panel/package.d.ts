// The declarations of `open-passage/debug-panel` (dist/debug-panel/index.d.ts): `npm run build:panel` bundles
// the panel with esbuild, which writes no declarations, and copies this file beside the bundle.

/** A development tool that previews every view of the open-passage elements on the page (docs/debug-panel.md). */
export declare class PassageDebugPanel extends HTMLElement {}
export declare const DEBUG_PANEL_TAG = 'passage-debug-panel';
/** Defines the element (once) and, unless in production, adds one to the page if it has none. */
export declare function attachDebugPanel(): HTMLElement | null;
declare global {
  interface HTMLElementTagNameMap {
    'passage-debug-panel': PassageDebugPanel;
  }
}
