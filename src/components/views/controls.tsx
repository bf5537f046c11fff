import { type FunctionalComponent, h } from '@stencil/core';
import type { Message } from '../../flow/view-state';
import type { Translator } from '../../i18n';
import { messageText } from './view-context';

/** The view's title; it takes focus when its view appears (see frame.tsx) so screen readers announce it. */
export const Title: FunctionalComponent<{ text: string }> = ({ text }) => (
  <h1 class="title" part="title" tabindex={-1} data-view-title>
    {text}
  </h1>
);

export interface ButtonProps {
  label: string;
  /** The name a screen reader gives, when the label alone says too little ("Change"). */
  accessibleName?: string;
  onClick?: () => void;
  disabled?: boolean;
  /** Unavailable for now but kept focusable (a control that was just pressed keeps the focus):
   * `aria-disabled`, and a press does nothing. */
  unavailable?: boolean;
  type?: 'button' | 'submit';
  /** Focus this control rather than the title when the view appears. */
  autofocus?: boolean;
}

export const button =
  (cls: 'primary' | 'secondary' | 'link', part: string): FunctionalComponent<ButtonProps> =>
  ({ label, accessibleName, onClick, disabled, unavailable, type = 'button', autofocus }) => (
    <button
      type={type}
      class={cls}
      part={part}
      aria-label={accessibleName}
      disabled={disabled}
      aria-disabled={disabled || unavailable ? 'true' : undefined}
      data-autofocus={autofocus ? '' : undefined}
      onClick={
        onClick
          ? () => {
              if (!unavailable) onClick();
            }
          : undefined
      }
    >
      {label}
    </button>
  );

export const PrimaryButton = button('primary', 'button primary-button');
/** A button that looks like a link (toggles, Back, Resend, Skip…): it acts, it does not navigate. */
export const LinkButton = button('link', 'link');

/** Numbers each message object the flow produced, so a repeated message is a new occurrence. */
const occurrences = new WeakMap<object, number>();
let lastOccurrence = 0;
function occurrence(message: object): number {
  let n = occurrences.get(message);
  if (n === undefined) occurrences.set(message, (n = ++lastOccurrence));
  return n;
}

/**
 * A polite live region that stays in the accessibility tree (visually collapsed while empty). Its
 * text sits in a child keyed by the occurrence, so the same message raised again (a new object from
 * the flow, or a new `count`) replaces the child and is announced again; a mere re-render is not.
 */
export const LiveText: FunctionalComponent<{
  id?: string;
  cls: string;
  part?: string;
  text?: string | undefined;
  /** What this text reports: a flow message object, or a counter of occurrences. */
  of?: object | number | undefined;
}> = ({ id, cls, part, text, of }) => (
  <p id={id} class={cls} part={part} aria-live="polite">
    {text ? <span key={typeof of === 'object' ? occurrence(of) : (of ?? 0)}>{text}</span> : null}
  </p>
);

/** The error line of a field or view: announced each time the flow raises a message. */
export const ErrorLine: FunctionalComponent<{
  id: string;
  t: Translator;
  message?: Message | undefined;
}> = ({ id, t, message }) => (
  <LiveText id={id} cls="error" part="error" text={message && messageText(t, message)} of={message} />
);

export const Spinner: FunctionalComponent<{ label: string }> = ({ label }) => (
  <div class="spinner" part="spinner" role="progressbar" aria-label={label} />
);
