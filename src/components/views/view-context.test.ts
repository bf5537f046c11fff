import { describe, expect, it } from 'vitest';
import { viewMemories } from './view-context';

describe('viewMemories', () => {
  it('is one map per owner (per element), the same on every render', () => {
    const [one, two] = [{}, {}];
    viewMemories(one).set('country', 'open');
    expect(viewMemories(one)).toBe(viewMemories(one));
    expect(viewMemories(one).get('country')).toBe('open');
    expect(viewMemories(two).has('country')).toBe(false);
  });
});
