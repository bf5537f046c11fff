import { describe, expect, it } from 'vitest';
import { parseUserTime } from '../../src/users/user-times.js';

describe('parseUserTime (the one check of user times a client gives)', () => {
  it('takes RFC 3339 times from 1970 to 9999 and answers them as stored: ISO, UTC, milliseconds', () => {
    for (const [given, stored] of [
      ['2024-05-01T12:00:00Z', '2024-05-01T12:00:00.000Z'],
      ['2024-05-01T12:00:00.123456+02:00', '2024-05-01T10:00:00.123Z'],
      ['2024-02-29t23:59:59z', '2024-02-29T23:59:59.000Z'],
      ['2024-05-01 12:00:00-05:30', '2024-05-01T17:30:00.000Z'],
      ['1970-01-01T00:00:00Z', '1970-01-01T00:00:00.000Z'],
      ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
    ]) {
      expect(parseUserTime(given!), given).toEqual({ ok: true, iso: stored });
    }
  });

  it('refuses times outside 1970–9999, impossible dates and other formats, saying why', () => {
    const range = /between 1970-01-01T00:00:00Z and 9999-12-31T23:59:59Z/;
    const format = /RFC 3339/;
    for (const [given, why] of [
      ['+275760-09-13T00:00:00Z', format],
      ['1969-12-31T23:59:59Z', range],
      ['0001-01-01T00:00:00Z', range],
      ['9999-12-31T23:59:59-01:00', range],
      ['2023-02-29T00:00:00Z', format],
      ['2024-04-31T00:00:00Z', format],
      ['2024-01-01T24:00:00Z', format],
      ['2024-01-01T23:59:60Z', format],
      ['2024-01-01T00:00:00+24:00', format],
      ['2024-01-01T00:00:00', format],
      ['2024-01-01', format],
      ['May 1, 2024', format],
      ['1714564800', format],
      ['', format],
    ] as const) {
      const checked = parseUserTime(given);
      expect(checked.ok, given).toBe(false);
      expect(checked.ok ? '' : checked.problem, given).toMatch(why);
    }
  });
});
