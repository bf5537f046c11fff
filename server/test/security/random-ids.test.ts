import { describe, expect, it } from 'vitest';
import { newId, newTimeOrderedId } from '../../src/security/random.js';

describe('ids', () => {
  it('newId: 24 characters of [A-Za-z0-9], all distinct', () => {
    const ids = Array.from({ length: 1000 }, () => newId());
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('newTimeOrderedId: the same format, in the order of the clock', () => {
    const times = [
      0,
      1,
      61,
      62,
      3843,
      Date.parse('2026-11-25T00:00:00Z'),
      Date.parse('2300-01-01T00:00:00Z'),
    ];
    const ids = times.map((time) => newTimeOrderedId(time));
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{24}$/);
    expect([...ids].sort()).toEqual(ids); // code-unit order: SQLite's byte order for ASCII
  });

  it('newTimeOrderedId: ids of the same millisecond differ in their 16 random characters', () => {
    const ids = Array.from({ length: 1000 }, () => newTimeOrderedId(1_700_000_000_000));
    expect(new Set(ids.map((id) => id.slice(0, 8))).size).toBe(1);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
