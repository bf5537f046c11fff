/**
 * The layout checks of the view gallery, run in the page (`page.evaluate(auditGalleryLayout)`): one
 * pass over every figure of /dev/views, so a width and theme cost one page, not one per view. The
 * function is serialized into the page, so it holds its helpers and imports nothing.
 *
 * In each figure, the box is the widget's card (`[part~="container"]`), or an open dialog (the profile's
 * dialogs open in place over it: the controls under a dialog are inert, so only the dialog's count).
 * It answers how many views it checked, and the problems, one line each: `<section> <view>: <what>`.
 */
export function auditGalleryLayout(): { views: number; problems: string[] } {
  /** Rounding of layout to device pixels, and anti-aliased edges. */
  const SLACK = 1;
  /** An error line closer than this to the label under it reads as part of that label. */
  const ERROR_GAP = 6;

  const problems: string[] = [];
  const gallery = document.querySelector('passage-view-gallery')?.shadowRoot;
  const figures = [...(gallery?.querySelectorAll<HTMLElement>('figure[data-view]') ?? [])];
  for (const figure of figures) {
    const section = figure.closest('section');
    const where = `${section?.dataset.theme ?? ''}-${section?.dataset.language ?? ''} ${figure.dataset.view ?? ''}`;
    const root = figure.querySelector('passage-profile, passage-view-preview')?.shadowRoot;
    const card = root?.querySelector<HTMLElement>('[part~="container"]');
    if (!root || !card) {
      problems.push(`${where}: no card`);
      continue;
    }
    const dialog = root.querySelector<HTMLElement>('dialog[open]');
    const kind = dialog ? 'dialog' : figure.querySelector('passage-view-preview') ? 'view' : 'profile';
    for (const problem of auditBox(dialog ?? card, kind)) problems.push(`${where}: ${problem}`);
  }
  return { views: figures.length, problems };

  /** What is wrong in one box: spills, clipped or scrolled content, broken words, overlaps, buttons. */
  function auditBox(box: HTMLElement, kind: 'view' | 'dialog' | 'profile'): string[] {
    const elements = [...box.querySelectorAll<HTMLElement>('*')].filter(shown);
    const name = kind === 'dialog' ? 'dialog' : 'card';
    return [
      ...spills(box, name, elements),
      ...clipped([box, ...elements]),
      ...brokenWords(box),
      ...overlaps(elements.filter(isControl)),
      // The profile's page sections hold buttons of several kinds, not one stack of actions.
      ...(kind === 'profile' ? [] : stackedWidths(elements.filter(isActionButton))),
      ...errorGaps(elements),
      ...(kind === 'view' ? uncentredErrors(elements) : []),
    ];
  }

  /** Rendered and visible (not in a closed <details>), and not a visually hidden live region (a clipped 1 px box). */
  function shown(element: Element): boolean {
    if (!element.checkVisibility({ visibilityProperty: true })) return false;
    if (getComputedStyle(element).clip === 'rect(0px, 0px, 0px, 0px)') return false;
    return !element.parentElement?.closest('[class~="visually-hidden"]');
  }

  function describe(element: Element): string {
    const part = element.getAttribute('part');
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
    return `<${element.localName}${part ? ` part="${part}"` : ''}>${text ? ` "${text}"` : ''}`;
  }

  function outside(inner: DOMRect, outer: DOMRect): boolean {
    return (
      inner.left < outer.left - SLACK ||
      inner.right > outer.right + SLACK ||
      inner.top < outer.top - SLACK ||
      inner.bottom > outer.bottom + SLACK
    );
  }

  /** The box inside its border and padding: where its content belongs. */
  function contentRect(box: HTMLElement): DOMRect {
    const rect = box.getBoundingClientRect();
    const style = getComputedStyle(box);
    const side = (name: string) =>
      parseFloat(style.getPropertyValue(`padding-${name}`)) +
      parseFloat(style.getPropertyValue(`border-${name}-width`));
    return new DOMRect(
      rect.left + side('left'),
      rect.top + side('top'),
      rect.width - side('left') - side('right'),
      rect.height - side('top') - side('bottom'),
    );
  }

  /**
   * Elements and text that reach out of the card's (or dialog's) content box, into its padding or
   * beyond: the outermost only (a table that spills, not each of its rows).
   */
  function spills(box: HTMLElement, name: string, elements: HTMLElement[]): string[] {
    const bounds = contentRect(box);
    const spilling = new Set(elements.filter((element) => outside(element.getBoundingClientRect(), bounds)));
    const found = [...spilling]
      .filter((element) => !spilling.has(element.parentElement as HTMLElement))
      .map((element) => `${describe(element)} spills out of the ${name}`);
    for (const text of textNodes(box)) {
      if (spilling.has(text.parentElement as HTMLElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      if ([...range.getClientRects()].some((rect) => rect.width > 0 && outside(rect, bounds)))
        found.push(`text "${text.data.trim().slice(0, 30)}" spills out of the ${name}`);
    }
    return found;
  }

  /**
   * Elements that cut or scroll what they hold (the text of a too narrow button, a table wider than
   * its card). A text cut with an ellipsis passes when its whole text is in a `title` (a tooltip) on it
   * or around it: a long country name in the phone field's country box.
   */
  function clipped(elements: HTMLElement[]): string[] {
    return elements
      .filter((element) => !(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement))
      .filter((element) => {
        const style = getComputedStyle(element);
        return element.scrollWidth > element.clientWidth + SLACK && style.overflowX !== 'visible';
      })
      .filter((element) => !ellipsisWithTitle(element))
      .map(
        (element) =>
          `${describe(element)} cuts its content (${element.scrollWidth} px in ${element.clientWidth} px)`,
      );
  }

  function ellipsisWithTitle(element: HTMLElement): boolean {
    const text = element.textContent?.trim();
    return (
      getComputedStyle(element).textOverflow === 'ellipsis' &&
      !!text &&
      element.closest('[title]')?.getAttribute('title') === text
    );
  }

  function textNodes(box: HTMLElement): Text[] {
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      if (text.data.trim() && text.parentElement && shown(text.parentElement)) nodes.push(text);
    }
    return nodes;
  }

  /**
   * Words split over lines although they would fit on one ("Current device" one letter per line, a
   * device name cut mid-word): a word wider than the whole box may break, any other may not.
   */
  function brokenWords(box: HTMLElement): string[] {
    const found: string[] = [];
    const room = contentRect(box).width;
    for (const text of textNodes(box)) {
      // Words as lines break them: a hyphen ends one ("app-id" may break after "app-").
      for (const match of text.data.matchAll(/[^\s-]{2,}-?/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
        const lines = new Set(rects.map((rect) => Math.round(rect.top / 4)));
        const width = rects.reduce((sum, rect) => sum + rect.width, 0);
        if (lines.size > 1 && width <= room) found.push(`"${match[0]}" is broken over ${lines.size} lines`);
      }
    }
    return found;
  }

  function isControl(element: HTMLElement): boolean {
    if (!element.matches('button, input, select, textarea, a[href], summary')) return false;
    const rect = element.getBoundingClientRect();
    return rect.width > 2 && rect.height > 2;
  }

  /** Two controls on top of each other (neither holding the other). */
  function overlaps(controls: HTMLElement[]): string[] {
    const found: string[] = [];
    controls.forEach((first, i) => {
      for (const second of controls.slice(i + 1)) {
        if (first.contains(second) || second.contains(first)) continue;
        const a = first.getBoundingClientRect();
        const b = second.getBoundingClientRect();
        const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (width > SLACK && height > SLACK) found.push(`${describe(first)} overlaps ${describe(second)}`);
      }
    });
    return found;
  }

  function isActionButton(element: HTMLElement): boolean {
    return element.matches('[part~="primary-button"], [part~="secondary-button"], [part~="danger-button"]');
  }

  /** The primary and secondary buttons each alone on its row (stacked) must share one width. */
  function stackedWidths(buttons: HTMLElement[]): string[] {
    const rows = buttons.map((button) => button.getBoundingClientRect());
    const alone = rows
      .map((rect, i) => ({ button: buttons[i] as HTMLElement, rect }))
      .filter(({ rect }) =>
        rows.every((other) => other === rect || other.bottom <= rect.top || other.top >= rect.bottom),
      );
    const widths = alone.map(({ rect }) => Math.round(rect.width));
    if (widths.length < 2 || Math.max(...widths) - Math.min(...widths) <= SLACK) return [];
    const listed = alone.map(({ button }, i) => `${describe(button)} ${widths[i]} px`);
    return [`stacked buttons of different widths: ${listed.join(', ')}`];
  }

  /** An error line must keep its distance from the label under it, or it reads as that label's. */
  function errorGaps(elements: HTMLElement[]): string[] {
    const labels = elements.filter((element) => element.localName === 'label');
    const found: string[] = [];
    for (const error of elements.filter((element) => element.matches('[part~="error"], .field-error'))) {
      if (!error.textContent?.trim()) continue;
      const line = error.getBoundingClientRect();
      for (const label of labels) {
        const rect = label.getBoundingClientRect();
        const across = Math.min(line.right, rect.right) - Math.max(line.left, rect.left);
        if (across > 0 && rect.bottom > line.bottom && rect.top - line.bottom < ERROR_GAP)
          found.push(
            `error ${describe(error)} is ${Math.round(rect.top - line.bottom)} px above ${describe(label)}`,
          );
      }
    }
    return found;
  }

  /** A sign-in view centres its content, so its error lines too (a field's in the metadata grid keeps to its field). */
  function uncentredErrors(elements: HTMLElement[]): string[] {
    return elements
      .filter((element) => element.matches('[part~="error"]') && !element.closest('[part~="metadata-grid"]'))
      .filter((error) => error.textContent?.trim() && getComputedStyle(error).textAlign !== 'center')
      .map((error) => `error ${describe(error)} is not centred`);
  }
}
