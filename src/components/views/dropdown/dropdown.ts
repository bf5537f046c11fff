/**
 * The dropdown's DOM: a select-only combobox (focus stays on the box, the highlighted item is its
 * aria-activedescendant) with a listbox below it, driven by the pure `dropdownReduce`. It builds its
 * own children inside a container the view renders empty, so the vdom never fights them, and keeps
 * the value in a hidden input named like the field, so forms read it as they read any control.
 */
import {
  closedDropdown,
  type DropdownInput,
  dropdownReduce,
  handlesKey,
  listHeight,
  scrollToShow,
} from './dropdown-logic';
import { adoptStyles, cspNonce } from '../../../themes/sheets';
import STYLES from './dropdown.css?inline';

export interface DropdownItem {
  value: string;
  /** What the item shows. */
  label: string;
  /** What typeahead matches (e.g. the country name without flag). */
  search: string;
}

export interface DropdownTexts {
  /** The field's label (visually hidden, names the box and the list). */
  label: string;
  /** Shown while nothing is chosen; "Select..." by default. */
  placeholder: string;
}

const make = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string>,
): HTMLElementTagNameMap[K] => {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  return el;
};

export class Dropdown {
  private state = closedDropdown();
  private items: DropdownItem[] = [];
  private search: string[] = [];
  private options: HTMLLIElement[] = [];
  /** The user chose an item: a new default no longer replaces it. */
  private chosen = false;
  private readonly = false;
  private readonly labelEl: HTMLSpanElement;
  private readonly input: HTMLInputElement;
  private readonly box: HTMLDivElement;
  /** The chosen item's text in the box, cut with an ellipsis where the box is too narrow. */
  private readonly shown: HTMLSpanElement;
  private readonly list: HTMLUListElement;

  constructor(
    root: HTMLElement,
    private readonly id: string,
    name: string,
    private texts: DropdownTexts,
    part: string,
  ) {
    root.classList.add('dropdown');
    // Adopted by the shadow root it is built in (CSP-safe), else a <style> of its own.
    const style: HTMLStyleElement[] = [];
    if (!adoptStyles(root, STYLES)) {
      const element = make('style', { nonce: cspNonce() ?? '' });
      element.textContent = STYLES;
      style.push(element);
    }
    this.labelEl = make('span', { id: `${id}-label`, class: 'status' });
    this.input = make('input', { type: 'hidden', name });
    this.box = make('div', {
      id,
      role: 'combobox',
      tabindex: '0',
      class: 'input dropdown-box',
      part: `input ${part}-select`,
      'aria-haspopup': 'listbox',
      'aria-expanded': 'false',
      'aria-controls': `${id}-list`,
      'aria-labelledby': `${id}-label`,
    });
    this.shown = make('span', { class: 'dropdown-value' });
    this.box.append(this.shown);
    this.list = make('ul', {
      id: `${id}-list`,
      role: 'listbox',
      class: 'dropdown-list',
      part: `${part}-list`,
      tabindex: '-1',
      'aria-labelledby': `${id}-label`,
    });
    this.list.hidden = true;
    root.replaceChildren(...style, this.labelEl, this.input, this.box, this.list);

    this.box.addEventListener('click', () => this.apply({ type: 'toggle' }));
    this.box.addEventListener('keydown', (event) => {
      if (event.ctrlKey || event.metaKey) return;
      if (handlesKey(this.state, event.key)) event.preventDefault();
      this.apply({ type: 'key', key: event.key, altKey: event.altKey, now: event.timeStamp });
    });
    this.box.addEventListener('focusout', () => this.apply({ type: 'blur' }));
    // A click on the list must not take focus from the box (that would close the list first).
    this.list.addEventListener('mousedown', (event) => event.preventDefault());
    this.list.addEventListener('click', (event) => {
      const item = (event.target as HTMLElement).closest('li');
      if (item) this.apply({ type: 'pick', index: Number(item.dataset.index) });
    });
    this.paint();
  }

  get value(): string {
    return this.items[this.state.selected]?.value ?? '';
  }

  /** New items (e.g. another language), keeping the chosen value when it is still there. */
  setItems(items: DropdownItem[], fallback: string): void {
    const keep = this.chosen ? this.value : fallback;
    this.items = items;
    this.search = items.map((item) => item.search);
    this.options = items.map((item, index) => {
      const li = make('li', { id: `${this.id}-o${index}`, role: 'option', 'aria-selected': 'false' });
      li.dataset.index = String(index);
      li.textContent = item.label;
      return li;
    });
    this.list.replaceChildren(...this.options);
    this.state = closedDropdown(items.findIndex((item) => item.value === keep));
    this.paint();
  }

  /** The default changed (default-country-code): follow it unless the user chose already. */
  setDefault(value: string): void {
    if (this.chosen || value === this.value) return;
    const index = this.items.findIndex((item) => item.value === value);
    if (index >= 0) {
      this.state = closedDropdown(index);
      this.paint();
    }
  }

  update(texts: DropdownTexts, readonly: boolean): void {
    this.texts = texts;
    this.readonly = readonly;
    this.paint();
  }

  private apply(input: DropdownInput): void {
    const before = this.state;
    this.state = dropdownReduce(before, input, { search: this.search, readonly: this.readonly });
    if (this.state === before) return;
    if (this.state.selected !== before.selected) {
      this.chosen = true;
      this.box.dispatchEvent(new Event('change', { bubbles: true }));
    }
    this.paint();
  }

  private paint(): void {
    const { open, active, selected } = this.state;
    this.labelEl.textContent = this.texts.label;
    this.input.value = this.value;
    const text = this.items[selected]?.label ?? this.texts.placeholder;
    this.shown.textContent = text;
    // The whole text as a tooltip, for when the box cuts it ("🇺🇸 United Sta…").
    this.box.title = text;
    this.box.setAttribute('aria-expanded', String(open));
    this.box.setAttribute('aria-readonly', String(this.readonly));
    if (open && active >= 0) this.box.setAttribute('aria-activedescendant', `${this.id}-o${active}`);
    else this.box.removeAttribute('aria-activedescendant');
    this.options.forEach((li, index) => {
      li.setAttribute('aria-selected', String(index === selected));
      li.classList.toggle('active', open && index === active);
    });
    this.list.hidden = !open;
    if (!open) return;
    const below = innerHeight - this.box.getBoundingClientRect().bottom - 4;
    const height = listHeight(this.items.length, below);
    this.list.style.height = `${height}px`;
    this.list.scrollTop = scrollToShow(active, this.list.scrollTop, height);
  }
}
