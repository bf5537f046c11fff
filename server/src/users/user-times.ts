/**
 * Times a client may give for a user (an import's `created_at`, `updated_at`, `last_login_at`): RFC 3339
 * with a real calendar date and time, from the Unix epoch to the end of year 9999. Inside that range a
 * time is stored as the fixed-width ISO text every other time is (security/clock.ts), so times compare
 * as text on both databases; `+275760-09-13T…`, `2024-02-30T…` or "May 1" are refused, never stored.
 */
const RFC_3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-](\d{2}):(\d{2}))$/;
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(10_000, 0, 1) - 1;

export type UserTime = { ok: true; iso: string } | { ok: false; problem: string };

/** Whether year-month-day is a day of the calendar (Date would roll 2024-02-30 over to March). */
function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // not Date.UTC, which reads years 0–99 as 1900–1999
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The stored (ISO, UTC, milliseconds) form of `value`, or why it cannot be one, e.g. to say as "created_at <problem>". */
export function parseUserTime(value: string): UserTime {
  const parts = RFC_3339.exec(value);
  const [year, month, day, hour, minute, second, , , offsetHours, offsetMinutes] = (
    parts?.slice(1) ?? []
  ).map((part) => Number(part ?? 0));
  const real =
    parts !== null &&
    isCalendarDay(year!, month!, day!) &&
    hour! < 24 &&
    minute! < 60 &&
    second! < 60 &&
    offsetHours! < 24 &&
    offsetMinutes! < 60;
  if (!real) return { ok: false, problem: 'must be an RFC 3339 time, e.g. 2024-05-01T12:00:00Z' };
  const time = Date.parse(value.replace(' ', 'T'));
  if (!(time >= EARLIEST && time <= LATEST)) {
    return { ok: false, problem: 'must be between 1970-01-01T00:00:00Z and 9999-12-31T23:59:59Z' };
  }
  return { ok: true, iso: new Date(time).toISOString() };
}
