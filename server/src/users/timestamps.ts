/** A date, or a date and time with an optional offset (UTC without one): RFC 3339 and its common ISO forms. */
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** The years a user's timestamps may name: none before the Unix epoch, none with more than 4 digits. */
export const TIMESTAMP_YEARS = { first: 1970, last: 9999 } as const;

export type TimestampCheck = { ok: true; date: Date } | { ok: false; problem: string };

/**
 * Reads a timestamp given for a user (`created_at`, `updated_at`, `last_login_at`): an RFC 3339 time such
 * as `2024-03-01T10:00:00Z`, within TIMESTAMP_YEARS. `new Date()` alone takes far more (`"1"` is 2001,
 * `+275760-09-13` a valid date) and would store it.
 */
export function parseTimestamp(text: string): TimestampCheck {
  const match = TIMESTAMP.exec(text.trim());
  if (!match) return { ok: false, problem: 'must be an RFC 3339 time, e.g. 2024-03-01T10:00:00Z' };
  const [, year, month, day, hour, , , offset] = match;
  // Date.UTC rolls an impossible day over (February 30 is March 1): the calendar date must survive it.
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (calendar.getUTCMonth() !== Number(month) - 1 || calendar.getUTCDate() !== Number(day)) {
    return { ok: false, problem: 'is not a valid date' };
  }
  const written = text.trim().replace(' ', 'T');
  const date = hour === undefined ? calendar : new Date(offset === undefined ? `${written}Z` : written);
  if (Number.isNaN(date.getTime())) return { ok: false, problem: 'is not a valid time' };
  const years = date.getUTCFullYear();
  if (years < TIMESTAMP_YEARS.first || years > TIMESTAMP_YEARS.last) {
    return {
      ok: false,
      problem: `must lie between the years ${TIMESTAMP_YEARS.first} and ${TIMESTAMP_YEARS.last}`,
    };
  }
  return { ok: true, date };
}
