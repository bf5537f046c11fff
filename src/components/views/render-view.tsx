import { h } from '@stencil/core';
import type { ViewState } from '../../flow/view-state';
import { adoptStyles, CONSTRUCTABLE, cspNonce, viewSheets } from '../../themes/sheets';
import { VIEW_SHEETS } from '../../themes/styles';
import { renderLoading } from './loading-view';
import { focusOnViewChange } from './focus';
import { renderIdentifier } from './identifier-view';
import type { ViewContext } from './view-context';

type StepViews = typeof import('./step-views');
let stepViews: StepViews | undefined;
let loadingStepViews: Promise<StepViews> | undefined;

/** Loads the chunk of the views after the identifier form (once). */
export function loadStepViews(): Promise<StepViews> {
  loadingStepViews ??= import('./step-views').then((module) => (stepViews = module));
  return loadingStepViews;
}

/** What is on screen: the state's view, or the spinner while the step views' chunk arrives. */
function shown(state: ViewState, ctx: ViewContext): { key: string; kind: string; body: unknown } {
  if (state.kind === 'identifier') {
    return { key: `identifier-${state.mode}`, kind: state.kind, body: renderIdentifier(state, ctx) };
  }
  if (state.kind === 'loading' || !stepViews) {
    if (state.kind !== 'loading') void loadStepViews().then(() => ctx.requestRender?.());
    return { key: 'loading', kind: 'loading', body: renderLoading(ctx) };
  }
  const key = state.kind === 'magic-link-activation' ? `activation-${state.status}` : state.kind;
  return { key, kind: state.kind, body: stepViews.renderStepView(state, ctx) };
}

/**
 * Renders one view state inside the themed container: the stylesheet, the light/dark defaults, the
 * app's customization, the language's direction, and a fade between views (none with reduced motion).
 * The stylesheets (VIEW_SHEETS and those of the lazily loaded parts) are adopted by the shadow root,
 * so a page's Content-Security-Policy needs no `style-src 'unsafe-inline'` (see themes/sheets.ts);
 * the customization is set through CSSOM (`style` as an object), which no policy blocks either.
 * The element calls it from its render() and passes `ctx.requestRender` (used when a lazily loaded
 * view or the country list arrives); the views report user actions through `ctx.flow.dispatch`.
 */
export function renderView(state: ViewState, context: ViewContext) {
  const ctx: ViewContext = { ...context, preloadStepViews: loadStepViews };
  const view = shown(state, ctx);
  return [
    CONSTRUCTABLE ? null : <style nonce={cspNonce()}>{[...VIEW_SHEETS, ...viewSheets].join('')}</style>,
    <div
      class="container"
      part="container"
      data-theme={ctx.theme}
      dir={ctx.t.dir}
      lang={ctx.t.lang}
      style={ctx.customization ?? {}}
      ref={(el) => {
        // Refs run once the render is in the shadow root, before the browser paints it.
        adoptStyles(el, ...VIEW_SHEETS, ...viewSheets);
        focusOnViewChange(el, view.key);
      }}
    >
      <div class="view" part={`view view-${view.kind}`} key={view.key}>
        {view.body}
      </div>
    </div>,
  ];
}
