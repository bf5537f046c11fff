import { h } from '@stencil/core';
import type { ViewState } from '../../flow/view-state';
import { adoptStyles, CONSTRUCTABLE, cspNonce, viewSheets } from '../../themes/sheets';
import { VIEW_STYLES } from '../../themes/styles';
import { renderLoading } from './first-views';
import { focusOnViewChange } from './focus';
import { renderIdentifier } from './identifier-view';
import type { ViewContext } from './view-context';

type LaterViews = typeof import('./later-views');
let laterViews: LaterViews | undefined;
let loadingLater: Promise<LaterViews> | undefined;

/** Loads the chunk of the views after the identifier form (once). */
export function loadLaterViews(): Promise<LaterViews> {
  loadingLater ??= import('./later-views').then((module) => (laterViews = module));
  return loadingLater;
}

/** What is on screen: the state's view, or the spinner while a later view's chunk arrives. */
function shown(state: ViewState, ctx: ViewContext): { key: string; kind: string; body: unknown } {
  if (state.kind === 'identifier') {
    return { key: `identifier-${state.mode}`, kind: state.kind, body: renderIdentifier(state, ctx) };
  }
  if (state.kind === 'loading' || !laterViews) {
    if (state.kind !== 'loading') void loadLaterViews().then(() => ctx.requestRender?.());
    return { key: 'loading', kind: 'loading', body: renderLoading(ctx) };
  }
  const key = state.kind === 'magic-link-activation' ? `activation-${state.status}` : state.kind;
  return { key, kind: state.kind, body: laterViews.renderLaterView(state, ctx) };
}

/**
 * Renders one view state inside the themed container: the stylesheet, the light/dark defaults, the
 * app's customization, the language's direction, and a fade between views (none with reduced motion).
 * The stylesheets (VIEW_STYLES and those of the lazily loaded parts) are adopted by the shadow root,
 * so a page's Content-Security-Policy needs no `style-src 'unsafe-inline'` (see themes/sheets.ts);
 * the customization is set through CSSOM (`style` as an object), which no policy blocks either.
 * The element calls it from its render() and passes `ctx.requestRender` (used when a lazily loaded
 * view or the country list arrives); the views report user actions through `ctx.flow.dispatch`.
 */
export function renderView(state: ViewState, context: ViewContext) {
  const ctx: ViewContext = { ...context, preloadLaterViews: loadLaterViews };
  const view = shown(state, ctx);
  return [
    CONSTRUCTABLE ? null : <style nonce={cspNonce()}>{[VIEW_STYLES, ...viewSheets].join('')}</style>,
    <div
      class="container"
      part="container"
      data-theme={ctx.theme}
      dir={ctx.t.dir}
      lang={ctx.t.lang}
      style={ctx.customization ?? {}}
      ref={(el) => {
        // Refs run once the render is in the shadow root, before the browser paints it.
        adoptStyles(el, VIEW_STYLES, ...viewSheets);
        focusOnViewChange(el, view.key);
      }}
    >
      <div class="view" part={`view view-${view.kind}`} key={view.key}>
        {view.body}
      </div>
    </div>,
  ];
}
