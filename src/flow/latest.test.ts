import { describe, expect, it } from 'vitest';
import { latest } from './latest';

describe('latest()', () => {
  it('makes every older ticket stale when a new generation begins', () => {
    const loads = latest();
    const first = loads.next();
    expect(first()).toBe(true);
    const second = loads.next();
    expect([first(), second()]).toEqual([false, true]);
  });

  it('current() joins the present generation without ending it', () => {
    const loads = latest();
    const load = loads.next();
    const action = loads.current();
    expect([load(), action()]).toEqual([true, true]);
    loads.next();
    expect([load(), action()]).toEqual([false, false]);
  });

  it('keeps separate guards apart', () => {
    const a = latest();
    const b = latest();
    const ticket = a.next();
    b.next();
    expect(ticket()).toBe(true);
  });
});
