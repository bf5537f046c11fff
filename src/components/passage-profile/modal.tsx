import { type FunctionalComponent, h } from '@stencil/core';
import { trapTab } from './focus-trap';

export interface ModalProps {
  id: string;
  title: string;
  danger?: boolean;
  onClose: () => void;
}

/**
 * A modal card on the native `<dialog>` (opened with showModal by the element, so the page behind is
 * inert and Escape closes it; Tab and Shift+Tab wrap around its controls, where the browser would let
 * focus leave for its own UI). Danger-styled for destructive confirmations.
 */
export const Modal: FunctionalComponent<ModalProps> = ({ id, title, danger, onClose }, children) => (
  <dialog
    class={{ modal: true, danger: !!danger }}
    part={danger ? 'modal modal-danger' : 'modal'}
    aria-labelledby={`${id}-title`}
    onCancel={(event: Event) => {
      event.preventDefault();
      onClose();
    }}
    onKeyDown={(event: KeyboardEvent) => trapTab(event, event.currentTarget as HTMLElement)}
  >
    <h2 id={`${id}-title`} class="modal-title">
      {title}
    </h2>
    {children}
  </dialog>
);
