// `open-passage/debug-panel`: defines <passage-debug-panel> (development only: it renders nothing in a
// production build). Loaded as `index.js?attach`, it also adds one to the page (the demo server does so).
import { PassageDebugPanel } from './debug-panel';
import { isProduction } from './production';

export { PassageDebugPanel };
export const DEBUG_PANEL_TAG = 'passage-debug-panel';

/** Defines the element (once) and, unless in production, adds one to the page if it has none. */
export function attachDebugPanel(): HTMLElement | null {
  if (!customElements.get(DEBUG_PANEL_TAG)) customElements.define(DEBUG_PANEL_TAG, PassageDebugPanel);
  if (isProduction()) return null;
  const present = document.querySelector<HTMLElement>(DEBUG_PANEL_TAG);
  return present ?? document.body.appendChild(document.createElement(DEBUG_PANEL_TAG));
}

if (!customElements.get(DEBUG_PANEL_TAG)) customElements.define(DEBUG_PANEL_TAG, PassageDebugPanel);
if (new URL(import.meta.url).searchParams.has('attach')) attachDebugPanel();
