/** Controls only the views after the identifier form use: they travel in the step-views chunk. */
import { type FunctionalComponent, h } from '@stencil/core';
import { button } from './controls';

/** A paragraph; `live` makes it a polite live region, in place before its text arrives so that the
 * text is announced. */
export const Text: FunctionalComponent<{ muted?: boolean; live?: boolean }> = ({ muted, live }, children) => (
  <p class={muted ? 'text muted' : 'text'} part="text" aria-live={live ? 'polite' : undefined}>
    {children}
  </p>
);

export const SecondaryButton = button('secondary', 'button secondary-button');

export const Actions: FunctionalComponent = (_, children) => (
  <div class="actions" part="actions">
    {children}
  </div>
);
