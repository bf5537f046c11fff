/** The view each container showed last: focus moves only when the view changes, never on first show. */
const shown = new WeakMap<HTMLElement, string>();

/**
 * Moves focus into a view that just replaced another one: to its marked control if it has one
 * (`data-autofocus`), else to its title, so keyboard and screen-reader users land in the new view.
 * The first view of a page does not take focus away from the page.
 */
export function focusOnViewChange(container: HTMLElement | undefined, viewKey: string): void {
  if (!container) return;
  const previous = shown.get(container);
  shown.set(container, viewKey);
  if (previous === undefined || previous === viewKey) return;
  // The ref runs before the new children are patched in: wait for them.
  setTimeout(() => {
    const view = container.querySelector<HTMLElement>('.view');
    const target =
      view?.querySelector<HTMLElement>('[data-autofocus]:not([disabled])') ??
      view?.querySelector<HTMLElement>('[data-view-title]');
    target?.focus();
  });
}
