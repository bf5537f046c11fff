/** Keydown handler of an inline edit: Escape cancels it, as the Cancel button does. */
export const cancelOnEscape =
  (cancel: () => void) =>
  (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    cancel();
  };
