import { type FunctionalComponent, h } from '@stencil/core';

/**
 * A section's confirmation ("Saved.", "Passkey added."), beside the control that caused it: a polite
 * live region each section holds from the start, so that the text is announced when it arrives. It
 * is visually hidden while empty.
 */
export const StatusLine: FunctionalComponent<{ text: string }> = ({ text }) => (
  <p class={text ? 'status' : 'status visually-hidden'} part="status" aria-live="polite">
    {text}
  </p>
);

/**
 * An error ("Failed to add a passkey."), beside the control whose action failed: an alert, announced
 * when its text appears. It takes no room while empty.
 */
export const AlertLine: FunctionalComponent<{ text: string }> = ({ text }) => (
  <p class="alert" part="alert" role="alert">
    {text}
  </p>
);
