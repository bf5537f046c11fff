/**
 * The dropdown as pure logic (no DOM): a select-only combobox with a listbox
 * (WAI-ARIA APG). It toggles open and closed, closes on losing focus, does nothing when read-only;
 * picking an item sets the value and closes the list. Keyboard: arrows, Home / End, Page Up / Down,
 * Enter / Space pick, Escape closes, Tab picks and moves on, Alt+arrows open / pick; typing jumps to
 * the first item that starts with what was typed (typeahead).
 */

/** Dropdown sizes. */
export const DROPDOWN = {
  /** Items visible at once by default. */
  maxItems: 7,
  /** Height of one item, px. */
  itemHeight: 30,
  /** The list is never lower than this, px (unless its items take less). */
  minHeight: 60,
  /** Keys typed within this many ms form one typeahead search. */
  typeaheadMs: 500,
} as const;

export interface DropdownState {
  open: boolean;
  /** The highlighted item while open (aria-activedescendant); -1 when none. */
  active: number;
  /** The chosen item; -1 shows the placeholder ("Select..."). */
  selected: number;
  /** Typeahead search and when it was last typed. */
  query: string;
  queryAt: number;
}

export type DropdownInput =
  /** A click on the box. */
  | { type: 'toggle' }
  /** Focus left the dropdown. */
  | { type: 'blur' }
  /** A click on an item. */
  | { type: 'pick'; index: number }
  | { type: 'key'; key: string; altKey?: boolean; now: number };

export interface DropdownContext {
  /** What typeahead matches, one per item (e.g. country names), any case. */
  search: readonly string[];
  readonly?: boolean;
  maxItems?: number;
}

export const closedDropdown = (selected = -1): DropdownState => ({
  open: false,
  active: selected,
  selected,
  query: '',
  queryAt: 0,
});

const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), max);

function open(state: DropdownState, active: number, count: number): DropdownState {
  return { ...state, open: true, active: clamp(active, 0, count - 1) };
}

function pick(state: DropdownState, index: number, count: number): DropdownState {
  if (index < 0 || index >= count) return { ...state, open: false };
  return { ...state, open: false, selected: index, active: index, query: '' };
}

/** The first item starting with the query, searching on from `from` and wrapping around. */
export function typeaheadMatch(search: readonly string[], query: string, from: number): number {
  const q = query.toLowerCase();
  for (let i = 0; i < search.length; i++) {
    const index = (from + i) % search.length;
    if (search[index]?.toLowerCase().startsWith(q)) return index;
  }
  return -1;
}

function typeahead(state: DropdownState, key: string, now: number, search: readonly string[]): DropdownState {
  const going = now - state.queryAt < DROPDOWN.typeaheadMs;
  const query = (going ? state.query : '') + key;
  const current = Math.max(state.active, 0);
  // The same letter again cycles through the items with that letter; a longer word stays put.
  const repeated = query.length > 1 && [...query].every((c) => c === key);
  const match = repeated
    ? typeaheadMatch(search, key, current + 1)
    : typeaheadMatch(search, query, query.length === 1 ? current + 1 : current);
  return {
    ...state,
    open: true,
    active: match >= 0 ? match : current,
    query,
    queryAt: now,
  };
}

/** The next state after a click, a key or a blur. Read-only dropdowns never change. */
export function dropdownReduce(
  state: DropdownState,
  input: DropdownInput,
  ctx: DropdownContext,
): DropdownState {
  const count = ctx.search.length;
  if (ctx.readonly || count === 0) return state.open ? { ...state, open: false } : state;
  const page = ctx.maxItems ?? DROPDOWN.maxItems;
  switch (input.type) {
    case 'toggle':
      return state.open ? { ...state, open: false } : open(state, state.selected, count);
    case 'blur':
      return { ...state, open: false, query: '' };
    case 'pick':
      return pick(state, input.index, count);
    case 'key':
      break;
  }
  const { key, altKey, now } = input;
  const typing = now - state.queryAt < DROPDOWN.typeaheadMs && state.query !== '';
  if (!state.open) {
    switch (key) {
      case 'ArrowDown':
      case 'ArrowUp':
      case 'Enter':
      case ' ':
        return open(state, state.selected, count);
      case 'Home':
        return open(state, 0, count);
      case 'End':
        return open(state, count - 1, count);
      default:
        return isPrintable(key) ? typeahead(state, key, now, ctx.search) : state;
    }
  }
  switch (key) {
    case 'ArrowDown':
      return { ...state, active: clamp(state.active + 1, 0, count - 1) };
    case 'ArrowUp':
      return altKey
        ? pick(state, state.active, count)
        : { ...state, active: clamp(state.active - 1, 0, count - 1) };
    case 'PageDown':
      return { ...state, active: clamp(state.active + page, 0, count - 1) };
    case 'PageUp':
      return { ...state, active: clamp(state.active - page, 0, count - 1) };
    case 'Home':
      return { ...state, active: 0 };
    case 'End':
      return { ...state, active: count - 1 };
    case 'Enter':
    case 'Tab':
      return pick(state, state.active, count);
    case ' ':
      return typing ? typeahead(state, key, now, ctx.search) : pick(state, state.active, count);
    case 'Escape':
      return { ...state, open: false, active: state.selected, query: '' };
    default:
      return isPrintable(key) ? typeahead(state, key, now, ctx.search) : state;
  }
}

/** A key that types a character (not Shift, ArrowLeft, F5, …). */
const isPrintable = (key: string): boolean => [...key].length === 1 && key !== ' ';

/** Keys the dropdown handles itself (the browser's default action is prevented). Tab is not. */
export function handlesKey(state: DropdownState, key: string): boolean {
  if (key === 'Tab') return false;
  if (key === 'Escape') return state.open;
  return (
    ['ArrowDown', 'ArrowUp', 'Enter', ' ', 'Home', 'End'].includes(key) ||
    (state.open && (key === 'PageUp' || key === 'PageDown')) ||
    isPrintable(key)
  );
}

/**
 * The list's height, clamped between 60px and the height of its items (at most 7 shown),
 * as far as the space below the box allows.
 */
export function listHeight(
  count: number,
  spaceBelow: number,
  maxItems: number = DROPDOWN.maxItems,
  itemHeight: number = DROPDOWN.itemHeight,
): number {
  const items = Math.min(count, maxItems) * itemHeight;
  const floor = Math.min(DROPDOWN.minHeight, items);
  return clamp(Math.floor(spaceBelow), floor, items);
}

/** The scroll offset that keeps the active item in view (items are `itemHeight` tall). */
export function scrollToShow(
  active: number,
  scrollTop: number,
  height: number,
  itemHeight: number = DROPDOWN.itemHeight,
): number {
  if (active < 0) return scrollTop;
  const top = active * itemHeight;
  if (top < scrollTop) return top;
  if (top + itemHeight > scrollTop + height) return top + itemHeight - height;
  return scrollTop;
}
