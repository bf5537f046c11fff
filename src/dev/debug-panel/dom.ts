// A few lines of DOM building for the panel (it has no framework: it must not touch the elements' build).

type Attributes = Record<string, string | boolean | undefined>;

/** An element with attributes (true: present, false/undefined: absent) and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) node.setAttribute(name, '');
    else if (typeof value === 'string') node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

/** A `<select>` with a visible label (its accessible name) in a row, and its options. */
export function labelledSelect(
  id: string,
  label: string,
  options: readonly (readonly [value: string, text: string])[],
): { row: HTMLElement; select: HTMLSelectElement } {
  const select = el('select', { id });
  setOptions(select, options);
  return { row: el('div', { class: 'row' }, el('label', { for: id }, label), select), select };
}

/** Replaces a select's options, keeping its value when it is still offered. */
export function setOptions(select: HTMLSelectElement, options: readonly (readonly [string, string])[]): void {
  const value = select.value;
  select.replaceChildren(...options.map(([v, text]) => el('option', { value: v }, text)));
  if (options.some(([v]) => v === value)) select.value = value;
}

/** A checkbox with its label. */
export function labelledCheckbox(id: string, label: string): { row: HTMLElement; input: HTMLInputElement } {
  const input = el('input', { id, type: 'checkbox' });
  return { row: el('div', { class: 'row' }, el('label', { for: id }, label), input), input };
}
