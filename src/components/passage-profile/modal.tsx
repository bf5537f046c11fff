import { type FunctionalComponent, h } from '@stencil/core';

export interface ModalProps {
  id: string;
  title: string;
  danger?: boolean;
  onClose: () => void;
}

/**
 * A modal card on the native `<dialog>` (opened with showModal by the element, so focus is trapped,
 * the page behind is inert and Escape closes it). Danger-styled for destructive confirmations.
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
  >
    <h2 id={`${id}-title`} class="modal-title">
      {title}
    </h2>
    {children}
  </dialog>
);
