import { describe, expect, it } from 'vitest';
import { viewMemories } from '../view-context';
import { Dropdown, type DropdownProps } from './dropdown';

/** Stencil's virtual node as the renderer reads it. */
interface Rendered {
  $attrs$?: { role?: string; ref?: (el: unknown) => void } | null;
}

const items = [
  { value: 'us', label: 'United States', search: 'united states' },
  { value: 'de', label: 'Germany', search: 'germany' },
];

const props = (owner: object): DropdownProps => ({
  id: 'country',
  name: 'country',
  part: 'country',
  label: 'Country',
  placeholder: 'Select...',
  items,
  fallback: 'us',
  readonly: false,
  owner,
});

/** Renders the dropdown and returns its box's ref callback. */
function boxRef(owner: object): (el: unknown) => void {
  const nodes = Dropdown(props(owner), [], {} as never) as unknown as Rendered[];
  const box = nodes.find((node) => node.$attrs$?.role === 'combobox');
  expect(box?.$attrs$?.ref).toBeTypeOf('function');
  return box!.$attrs$!.ref!;
}

/** The memory the next render reads (it makes a new one when there is none). */
function memoryOf(owner: object): { box?: unknown } {
  boxRef(owner);
  return viewMemories(owner).get('country') as { box?: unknown };
}

describe('the dropdown memory', () => {
  it('holds the box while it is on the page and lets it go with it (ref(null))', () => {
    const owner = {};
    const ref = boxRef(owner);
    const box = { isConnected: true };
    ref(box);
    const memory = memoryOf(owner);
    expect(memory.box).toBe(box);
    // The form left the page: Stencil calls the box's ref with null, and nothing keeps the box now.
    ref(null);
    expect(viewMemories(owner).has('country')).toBe(false);
    const next = memoryOf(owner);
    expect(next).not.toBe(memory);
    expect(next.box).toBeUndefined();
  });

  it('keeps its memory when the box is replaced within one render (null, then the new node)', () => {
    const owner = {};
    const ref = boxRef(owner);
    ref({ isConnected: true });
    const memory = memoryOf(owner);
    const newBox = { isConnected: true };
    ref(null);
    ref(newBox);
    expect(memoryOf(owner)).toBe(memory);
    expect(memory.box).toBe(newBox);
  });
});
