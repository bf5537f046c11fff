import { describe, expect, it, vi } from 'vitest';
import { HOOK_TAP_KEY, hookTapOf } from './hook-event';

describe('the hook tap', () => {
  it('is nothing until a tool opts in, and then the function it set under Symbol.for(passage.debug)', () => {
    const element = new EventTarget();
    expect(hookTapOf(element)).toBeUndefined();
    const tap = vi.fn();
    Object.assign(element, { [Symbol.for('passage.debug')]: tap });
    expect(HOOK_TAP_KEY).toBe('passage.debug');
    expect(hookTapOf(element)).toBe(tap);
  });
});
