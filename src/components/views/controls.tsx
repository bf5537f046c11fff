import { type FunctionalComponent, h } from '@stencil/core';

/** The view's title; it takes focus when its view appears (see frame.tsx) so screen readers announce it. */
export const Title: FunctionalComponent<{ text: string }> = ({ text }) => (
  <h1 class="title" part="title" tabindex={-1} data-view-title>
    {text}
  </h1>
);

export const Text: FunctionalComponent<{ muted?: boolean }> = ({ muted }, children) => (
  <p class={muted ? 'text muted' : 'text'} part="text">
    {children}
  </p>
);

interface ButtonProps {
  label: string;
  onClick?: () => void;
  disabled?: boolean;
  type?: 'button' | 'submit';
  /** Focus this control rather than the title when the view appears. */
  autofocus?: boolean;
}

const button =
  (cls: 'primary' | 'secondary' | 'link', part: string): FunctionalComponent<ButtonProps> =>
  ({ label, onClick, disabled, type = 'button', autofocus }) => (
    <button
      type={type}
      class={cls}
      part={part}
      disabled={disabled}
      aria-disabled={disabled ? 'true' : undefined}
      data-autofocus={autofocus ? '' : undefined}
      onClick={onClick ? () => onClick() : undefined}
    >
      {label}
    </button>
  );

export const PrimaryButton = button('primary', 'button primary-button');
export const SecondaryButton = button('secondary', 'button secondary-button');
/** A button that looks like a link (toggles, Back, Resend, Skip…): it acts, it does not navigate. */
export const LinkButton = button('link', 'link');

/** The error line: always in the DOM and polite-live, so a new message is announced when it appears. */
export const ErrorLine: FunctionalComponent<{ id: string; text?: string | undefined }> = ({ id, text }) => (
  <p id={id} class="error" part="error" aria-live="polite">
    {text ?? ''}
  </p>
);

export const Spinner: FunctionalComponent<{ label: string }> = ({ label }) => (
  <div class="spinner" part="spinner" role="progressbar" aria-label={label} />
);

export const Actions: FunctionalComponent = (_, children) => (
  <div class="actions" part="actions">
    {children}
  </div>
);
