import { describe, expect, it } from 'vitest';
import { CLIENT_SIDE_IMPORT_ADVICE, checkRegistry } from './registration';

describe('custom element registration (SPEC §8)', () => {
  it('advises a client-side import when there is no customElements registry', () => {
    const logged: string[] = [];
    expect(checkRegistry({}, (m) => logged.push(m))).toBe(false);
    expect(logged).toEqual([CLIENT_SIDE_IMPORT_ADVICE]);
    expect(CLIENT_SIDE_IMPORT_ADVICE).toMatch(/client side/);
  });

  it('says nothing in a browser', () => {
    const logged: string[] = [];
    expect(checkRegistry({ customElements: {} }, (m) => logged.push(m))).toBe(true);
    expect(logged).toEqual([]);
  });
});
