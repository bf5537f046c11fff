import { describe, expect, it } from 'vitest';
import { viewMemory } from './view-context';

describe('viewMemory', () => {
  it('keeps one value per owner and key until it is stale', () => {
    const [one, two] = [{}, {}];
    let made = 0;
    const fresh = () => ({ n: ++made, gone: false });
    const stale = (value: { gone: boolean }) => value.gone;
    const first = viewMemory(one, 'country', fresh, stale);
    expect(viewMemory(one, 'country', fresh, stale)).toBe(first);
    expect(viewMemory(two, 'country', fresh, stale)).not.toBe(first);
    expect(viewMemory(one, 'other', fresh, stale)).not.toBe(first);
    first.gone = true;
    const again = viewMemory(one, 'country', fresh, stale);
    expect(again).not.toBe(first);
    expect(again.n).toBe(4);
    expect(viewMemory(one, 'country', fresh, stale)).toBe(again);
  });
});
