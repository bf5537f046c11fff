import { describe, expect, it } from 'vitest';
import {
  closedDropdown,
  DROPDOWN,
  type DropdownInput,
  dropdownReduce,
  type DropdownState,
  handlesKey,
  listHeight,
  scrollToShow,
  typeaheadMatch,
} from './dropdown-logic';
import DROPDOWN_CSS from './dropdown.css?inline';

const SEARCH = ['Austria', 'Belgium', 'Brazil', 'Canada', 'Germany', 'Ghana', 'Spain', 'Sweden', 'Uruguay'];
const ctx = { search: SEARCH };

function run(inputs: DropdownInput[], start: DropdownState = closedDropdown(), c = ctx): DropdownState {
  return inputs.reduce((state, input) => dropdownReduce(state, input, c), start);
}
const key = (k: string, now = 0, altKey = false): DropdownInput => ({ type: 'key', key: k, now, altKey });

describe('dropdown: toggling, picking, losing focus', () => {
  it('toggles open and closed with clicks', () => {
    const opened = run([{ type: 'toggle' }]);
    expect(opened.open).toBe(true);
    expect(run([{ type: 'toggle' }], opened).open).toBe(false);
  });

  it('picking an item sets the value and closes the list', () => {
    const state = run([{ type: 'toggle' }, { type: 'pick', index: 3 }]);
    expect(state).toMatchObject({ open: false, selected: 3, active: 3 });
  });

  it('closes on losing focus, keeping the value', () => {
    const state = run([{ type: 'pick', index: 2 }, { type: 'toggle' }, key('ArrowDown'), { type: 'blur' }]);
    expect(state).toMatchObject({ open: false, selected: 2 });
  });

  it('does nothing when read-only', () => {
    const start = closedDropdown(1);
    const readonly = { ...ctx, readonly: true };
    expect(run([{ type: 'toggle' }], start, readonly)).toBe(start);
    expect(run([key('ArrowDown'), key('Enter'), { type: 'pick', index: 5 }], start, readonly)).toBe(start);
  });

  it('starts on the placeholder (nothing selected)', () => {
    expect(closedDropdown()).toMatchObject({ selected: -1, open: false });
  });
});

describe('dropdown: keyboard', () => {
  it('opens on the selected item with arrows, Enter and Space', () => {
    for (const k of ['ArrowDown', 'ArrowUp', 'Enter', ' ']) {
      expect(run([key(k)], closedDropdown(4))).toMatchObject({ open: true, active: 4 });
    }
    expect(run([key('ArrowDown')])).toMatchObject({ open: true, active: 0 });
  });

  it('moves with arrows, Home, End and pages of 7, within bounds', () => {
    const open = run([key('Home')]);
    expect(open).toMatchObject({ open: true, active: 0 });
    expect(run([key('ArrowUp')], open).active).toBe(0);
    expect(run([key('ArrowDown'), key('ArrowDown')], open).active).toBe(2);
    expect(run([key('PageDown')], open).active).toBe(7);
    expect(run([key('PageDown'), key('PageDown')], open).active).toBe(8);
    expect(run([key('End'), key('PageUp')], open).active).toBe(1);
    expect(run([key('End')]).active).toBe(8);
  });

  it('Enter, Space, Tab and Alt+Up pick the active item; Escape closes without picking', () => {
    for (const k of ['Enter', ' ', 'Tab']) {
      expect(run([key('ArrowDown'), key('ArrowDown'), key(k, 1000)])).toMatchObject({
        open: false,
        selected: 1,
      });
    }
    expect(run([key('ArrowDown'), key('ArrowDown'), key('ArrowUp', 0, true)])).toMatchObject({
      open: false,
      selected: 1,
    });
    expect(run([key('ArrowDown'), key('ArrowDown'), key('Escape')], closedDropdown(5))).toMatchObject({
      open: false,
      selected: 5,
      active: 5,
    });
  });

  it('says which keys it handles (Tab is left to the browser)', () => {
    const closed = closedDropdown();
    const open = { ...closed, open: true };
    expect(handlesKey(closed, 'ArrowDown')).toBe(true);
    expect(handlesKey(closed, 'g')).toBe(true);
    expect(handlesKey(closed, 'Escape')).toBe(false);
    expect(handlesKey(open, 'Escape')).toBe(true);
    expect(handlesKey(open, 'Tab')).toBe(false);
    expect(handlesKey(closed, 'Shift')).toBe(false);
  });
});

describe('dropdown: typeahead', () => {
  it('jumps to the first item starting with the typed letters, opening the list', () => {
    const state = run([key('g', 0), key('h', 100)]);
    expect(state).toMatchObject({ open: true, active: SEARCH.indexOf('Ghana') });
  });

  it('cycles through the items of a repeated letter', () => {
    const first = run([key('b', 0)]);
    expect(first.active).toBe(SEARCH.indexOf('Belgium'));
    expect(run([key('b', 100)], first).active).toBe(SEARCH.indexOf('Brazil'));
    expect(run([key('b', 100), key('b', 200)], first).active).toBe(SEARCH.indexOf('Belgium'));
  });

  it('starts a new search after a pause, and a space continues a search in progress', () => {
    const state = run([key('s', 0), key('g', DROPDOWN.typeaheadMs + 1)]);
    expect(state.active).toBe(SEARCH.indexOf('Germany'));
    const spaced = dropdownReduce(
      { ...closedDropdown(), open: true, query: 'new', queryAt: 0 },
      key(' ', 100),
      { search: ['New York', 'New Zealand', 'Nepal'] },
    );
    expect(spaced).toMatchObject({ open: true, query: 'new ' });
  });

  it('keeps the active item when nothing matches', () => {
    expect(run([key('ArrowDown'), key('ArrowDown'), key('x', 0)])).toMatchObject({ active: 1 });
    expect(typeaheadMatch(SEARCH, 'zz', 0)).toBe(-1);
  });
});

describe('dropdown: list sizes', () => {
  it('shows at most 7 items of 30px', () => {
    expect(listHeight(245, 1000)).toBe(7 * 30);
    expect(listHeight(3, 1000)).toBe(90);
  });

  it('follows the space below, but never under 60px', () => {
    expect(listHeight(245, 150)).toBe(150);
    expect(listHeight(245, 20)).toBe(60);
    expect(listHeight(1, 20)).toBe(30);
  });

  it('scrolls the active item into view', () => {
    expect(scrollToShow(0, 90, 210)).toBe(0);
    expect(scrollToShow(10, 0, 210)).toBe(11 * 30 - 210);
    expect(scrollToShow(3, 0, 210)).toBe(0);
  });

  it('the stylesheet draws items as tall as the list sizes and scrolls by', () => {
    const height = `${DROPDOWN.itemHeight}px`;
    expect(DROPDOWN_CSS).toContain(
      `.dropdown-list li{box-sizing:border-box;height:${height};line-height:${height};`,
    );
  });
});
