/** Controls only the views after the identifier form use: they travel in the step-views chunk. */
import { type FunctionalComponent, h } from '@stencil/core';
import type { IdentifierType } from '../../flow/view-state';
import { button, LinkButton } from './controls';
import type { ViewContext } from './view-context';

/** A paragraph; `live` makes it a polite live region, in place before its text arrives so that the
 * text is announced. */
export const Text: FunctionalComponent<{ muted?: boolean; live?: boolean }> = ({ muted, live }, children) => (
  <p class={muted ? 'text muted' : 'text'} part="text" aria-live={live ? 'polite' : undefined}>
    {children}
  </p>
);

/**
 * The identifier a code or link went to, with an inline Change: back to the form, which keeps it.
 * Its accessible name says what changes ("Change email"), the visible word is short.
 */
export const IdentifierLine: FunctionalComponent<{
  identifier: string;
  identifierType: IdentifierType;
  ctx: ViewContext;
}> = ({ identifier, identifierType, ctx }) => (
  <p class="text" part="text identifier">
    {/* Isolated left to right: in Arabic a phone number's leading + would otherwise move to its end. */}
    <strong dir="ltr">{identifier}</strong>{' '}
    <LinkButton
      label={ctx.t.t('change')}
      accessibleName={ctx.t.t(identifierType === 'phone' ? 'change-phone' : 'change-email')}
      onClick={() => ctx.flow.dispatch({ type: 'change-identifier' })}
    />
  </p>
);

export const SecondaryButton = button('secondary', 'button secondary-button');

export const Actions: FunctionalComponent = (_, children) => (
  <div class="actions" part="actions">
    {children}
  </div>
);
