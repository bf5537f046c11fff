import { describe, expect, it } from 'vitest';
import { wrappedFocus } from './focus-trap';

describe('keeping Tab inside a dialog', () => {
  it('wraps from the last control to the first, and back from the first to the last', () => {
    expect(wrappedFocus(2, 1, false)).toBe(0);
    expect(wrappedFocus(2, 0, true)).toBe(1);
  });

  it('leaves moves between controls to the browser', () => {
    expect(wrappedFocus(3, 0, false)).toBeNull();
    expect(wrappedFocus(3, 1, false)).toBeNull();
    expect(wrappedFocus(3, 2, true)).toBeNull();
  });

  it('keeps a single control focused either way', () => {
    expect(wrappedFocus(1, 0, false)).toBe(0);
    expect(wrappedFocus(1, 0, true)).toBe(0);
  });

  it('brings focus that is elsewhere to the first (or last) control, and does nothing without controls', () => {
    expect(wrappedFocus(3, -1, false)).toBe(0);
    expect(wrappedFocus(3, -1, true)).toBe(2);
    expect(wrappedFocus(0, -1, false)).toBeNull();
  });
});
