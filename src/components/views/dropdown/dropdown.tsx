/**
 * The dropdown as a view: a select-only combobox (focus stays on the box, the highlighted item is its
 * aria-activedescendant) with a listbox below it, rendered from the pure `dropdownReduce` state of
 * ./dropdown-logic.ts like any other view; its value is in a hidden input named like the field, so
 * forms read it as they read any control. The caller renders it inside a container of class
 * `dropdown`. Its rules (./dropdown.css) join the views' stylesheets when this module loads.
 */
import { type FunctionalComponent, h } from '@stencil/core';
import { addViewSheet } from '../../../themes/sheets';
import { viewMemories } from '../view-context';
import {
  closedDropdown,
  type DropdownInput,
  type DropdownState,
  dropdownReduce,
  handlesKey,
  listHeight,
  scrollToShow,
} from './dropdown-logic';
import STYLES from './dropdown.css?inline';

addViewSheet(STYLES);

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

export interface DropdownProps extends DropdownTexts {
  id: string;
  /** The hidden input's name: what a form reads. */
  name: string;
  /** The parts are `input <part>-select` (the box) and `<part>-list`. */
  part: string;
  /** The same array for the same items (a new array is a new list: another language). */
  items: readonly DropdownItem[];
  /** Chosen until the user picks another item; follows its prop (e.g. default-country-code). */
  fallback: string;
  readonly: boolean;
  /** Whose dropdown it is (the view's `flow`): its state lasts with this object and its form. */
  owner: object;
  /** Renders the view again (the element's `forceUpdate`). */
  requestRender?: () => void;
}

/** What a dropdown keeps between renders: views are functions of their state, this state is its own. */
interface Memory {
  state: DropdownState;
  items?: readonly DropdownItem[];
  value: string;
  /** The user chose an item: a new fallback no longer replaces it. */
  chosen: boolean;
  box?: HTMLElement;
  input?: HTMLInputElement;
}

/** The dropdown's memory; a dropdown whose form left the page starts again, closed, on its fallback. */
function memoryOf(owner: object, id: string): Memory {
  const memories = viewMemories(owner);
  let memory = memories.get(id) as Memory | undefined;
  if (!memory) memories.set(id, (memory = { state: closedDropdown(), value: '', chosen: false }));
  return memory;
}

/** Keeps the memory while its box is on the page (`box` set) and drops it with the box (`null`). */
function keep(owner: object, id: string, memory: Memory, box?: HTMLElement | null): void {
  if (!box) return void viewMemories(owner).delete(id);
  memory.box = box;
  viewMemories(owner).set(id, memory);
}

const indexOf = (items: readonly DropdownItem[], value: string) =>
  items.findIndex((item) => item.value === value);

/** New items keep the chosen value when they still hold it; until a choice, the fallback is shown. */
function follow(memory: Memory, p: DropdownProps): void {
  if (memory.items !== p.items) {
    memory.items = p.items;
    memory.state = closedDropdown(indexOf(p.items, memory.chosen ? memory.value : p.fallback));
  } else if (!memory.chosen && p.fallback !== memory.value) {
    const index = indexOf(p.items, p.fallback);
    if (index >= 0) memory.state = closedDropdown(index);
  }
  memory.value = p.items[memory.state.selected]?.value ?? '';
}

function apply(memory: Memory, p: DropdownProps, input: DropdownInput): void {
  const before = memory.state;
  const search = p.items.map((item) => item.search);
  memory.state = dropdownReduce(before, input, { search, readonly: p.readonly });
  if (memory.state === before) return;
  if (memory.state.selected !== before.selected) {
    memory.chosen = true;
    memory.value = p.items[memory.state.selected]?.value ?? '';
    // The form reads the value at once (a submit may come before the next frame renders it).
    if (memory.input) memory.input.value = memory.value;
    memory.box?.dispatchEvent(new Event('change', { bubbles: true }));
  }
  p.requestRender?.();
}

/** Sizes the open list to the space below the box and scrolls the highlighted item into it. */
function place(list: HTMLElement, box: HTMLElement | undefined, count: number, active: number): void {
  const below = innerHeight - (box?.getBoundingClientRect().bottom ?? 0) - 4;
  const height = listHeight(count, below);
  list.style.height = `${height}px`;
  list.scrollTop = scrollToShow(active, list.scrollTop, height);
}

export const Dropdown: FunctionalComponent<DropdownProps> = (p) => {
  const memory = memoryOf(p.owner, p.id);
  follow(memory, p);
  const { open, active, selected } = memory.state;
  const text = p.items[selected]?.label ?? p.placeholder;
  const on = (input: DropdownInput) => apply(memory, p, input);
  return [
    <span id={`${p.id}-label`} class="visually-hidden">
      {p.label}
    </span>,
    <input type="hidden" name={p.name} value={memory.value} ref={(el) => el && (memory.input = el)} />,
    <div
      id={p.id}
      role="combobox"
      tabindex="0"
      class="input dropdown-box"
      part={`input ${p.part}-select`}
      aria-haspopup="listbox"
      aria-expanded={String(open)}
      aria-controls={`${p.id}-list`}
      aria-labelledby={`${p.id}-label`}
      aria-readonly={String(p.readonly)}
      aria-activedescendant={open && active >= 0 ? `${p.id}-o${active}` : undefined}
      // The whole text as a tooltip, for when the box cuts it ("🇺🇸 United Sta…").
      title={text}
      // Stencil calls a removed node's ref with null (after removing it, before the refs of the nodes
      // that replace it): the memory leaves with the box, and with it the detached form it would hold.
      ref={(el) => keep(p.owner, p.id, memory, el)}
      onClick={() => on({ type: 'toggle' })}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.ctrlKey || event.metaKey) return;
        if (handlesKey(memory.state, event.key)) event.preventDefault();
        on({ type: 'key', key: event.key, altKey: event.altKey, now: event.timeStamp });
      }}
      onFocusout={() => on({ type: 'blur' })}
    >
      <span class="dropdown-value">{text}</span>
    </div>,
    <ul
      id={`${p.id}-list`}
      role="listbox"
      class="dropdown-list"
      part={`${p.part}-list`}
      tabindex="-1"
      aria-labelledby={`${p.id}-label`}
      hidden={!open}
      ref={(el) => el && open && place(el, memory.box, p.items.length, active)}
      // A click on the list must not take focus from the box (that would close the list first).
      onMouseDown={(event: MouseEvent) => event.preventDefault()}
      onClick={(event: MouseEvent) => {
        const item = (event.target as HTMLElement).closest('li');
        if (item) on({ type: 'pick', index: Number(item.dataset.index) });
      }}
    >
      {p.items.map((item, index) => (
        <li
          id={`${p.id}-o${index}`}
          role="option"
          aria-selected={String(index === selected)}
          class={open && index === active ? 'active' : undefined}
          data-index={String(index)}
        >
          {item.label}
        </li>
      ))}
    </ul>,
  ];
};
