/** The view each container showed last (the spinner not counted): focus moves only when it changes. */
const shown = new WeakMap<HTMLElement, string>();
/** Containers the visitor has acted in (pressed, clicked, typed or moved focus into). */
const actedIn = new WeakSet<HTMLElement>();
const watched = new WeakSet<HTMLElement>();

/** What tells that the visitor is using the widget; a click covers screen readers' virtual cursors. */
const ACTS = ['pointerdown', 'keydown', 'click', 'input', 'focusin'] as const;

/** The spinner shown while the app loads or a view's code arrives: never a view of its own for focus. */
const LOADING_VIEW_KEY = 'loading';

function watch(container: HTMLElement): void {
  if (watched.has(container)) return;
  watched.add(container);
  const acted = () => {
    actedIn.add(container);
    for (const type of ACTS) container.removeEventListener(type, acted, true);
  };
  for (const type of ACTS) container.addEventListener(type, acted, true);
}

/** Focus is on nothing in particular (the body) or already in the widget: moving it takes nothing away. */
function focusIsFree(container: HTMLElement): boolean {
  let active = document.activeElement;
  if (!active || active === document.body || active === document.documentElement) return true;
  const root = container.getRootNode();
  const host = 'host' in root ? (root as ShadowRoot).host : container;
  // Down through the shadow roots of the page's focused element (the widget may sit in another's).
  while (active) {
    if (active === host || container.contains(active)) return true;
    active = active.shadowRoot?.activeElement ?? null;
  }
  return false;
}

/**
 * Moves focus into a view that just replaced another one: to its marked control if it has one
 * (`data-autofocus`), else to its title, so keyboard and screen-reader users land in the new view.
 * The page keeps its focus until the visitor acts in the widget: the first view (also when a spinner
 * showed before it) never takes focus, nor does a view change nobody asked for, nor one that happens
 * while the visitor is busy elsewhere on the page.
 */
export function focusOnViewChange(container: HTMLElement | undefined, viewKey: string): void {
  if (!container) return;
  watch(container);
  if (viewKey === LOADING_VIEW_KEY) return;
  const previous = shown.get(container);
  shown.set(container, viewKey);
  if (previous === undefined || previous === viewKey || !actedIn.has(container)) return;
  // The ref runs before the new children are patched in: wait for them.
  setTimeout(() => {
    if (!focusIsFree(container)) return;
    const view = container.querySelector<HTMLElement>('.view');
    const target =
      view?.querySelector<HTMLElement>('[data-autofocus]:not([disabled]):not([aria-disabled="true"])') ??
      view?.querySelector<HTMLElement>('[data-view-title]');
    target?.focus();
  });
}
