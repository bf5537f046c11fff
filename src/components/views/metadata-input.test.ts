import { describe, expect, it } from 'vitest';
import { readingOrder } from './metadata-input';

describe('readingOrder', () => {
  it('orders the fields row by row, left to right, those without a cell last in their own order', () => {
    const fields = [
      { name: 'newsletter' },
      { name: 'birthday', layout: { x: 3, y: 1 } },
      { name: 'name', layout: { x: 0, y: 0 } },
      { name: 'notes' },
      { name: 'age', layout: { x: 0, y: 1 } },
    ];
    expect(readingOrder(fields).map((field) => field.name)).toEqual([
      'name',
      'age',
      'birthday',
      'newsletter',
      'notes',
    ]);
    // The input is left as it was.
    expect(fields[0]?.name).toBe('newsletter');
  });
});
