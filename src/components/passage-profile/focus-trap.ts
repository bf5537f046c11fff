/** What a modal dialog can focus, in order. */
const FOCUSABLE =
  'button:not(:disabled),input:not(:disabled),select:not(:disabled),textarea:not(:disabled),[href],[tabindex]:not([tabindex="-1"])';

/**
 * Where Tab (or Shift+Tab) must send focus so it stays among `count` controls, when the browser would
 * let it leave: from the last control forwards to the first, from the first backwards to the last,
 * and from outside the controls (`current` -1) to the first (or last). null: let the browser move it.
 */
export function wrappedFocus(count: number, current: number, backwards: boolean): number | null {
  if (count === 0) return null;
  if (current < 0) return backwards ? count - 1 : 0;
  if (backwards) return current === 0 ? count - 1 : null;
  return current === count - 1 ? 0 : null;
}

/** Keeps Tab and Shift+Tab inside `dialog` (a native modal dialog lets focus leave for the browser's UI). */
export function trapTab(event: KeyboardEvent, dialog: HTMLElement): void {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
  const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const root = dialog.getRootNode() as Document | ShadowRoot;
  const current = controls.indexOf(root.activeElement as HTMLElement);
  const next = wrappedFocus(controls.length, current, event.shiftKey);
  if (next === null) return;
  event.preventDefault();
  controls[next]?.focus();
}
