/** Controls only the views after the identifier form use: they travel in the step-views chunk. */
import { type FunctionalComponent, h } from '@stencil/core';
import { button } from './controls';

export const Text: FunctionalComponent<{ muted?: boolean }> = ({ muted }, children) => (
  <p class={muted ? 'text muted' : 'text'} part="text">
    {children}
  </p>
);

export const SecondaryButton = button('secondary', 'button secondary-button');

export const Actions: FunctionalComponent = (_, children) => (
  <div class="actions" part="actions">
    {children}
  </div>
);
