/**
 * The wrong-code budget of a user, across all codes (NIST SP 800-63B §3.1.3.2; see SECURITY.md):
 * counted until a sign-in succeeds (a new code or time never resets it), paused every tenth failure
 * for 30 s, doubling up to an hour, and closed at 100 until the user signs in another way.
 */
export const MAX_CODE_FAILURES = 100;

const FIRST_PAUSE_MS = 30_000;
const LONGEST_PAUSE_MS = 60 * 60 * 1000;

/** How long codes are not checked after the user's `failures`-th wrong one (0: no pause). */
export function pauseAfter(failures: number): number {
  if (failures <= 0 || failures % 10 !== 0 || failures >= MAX_CODE_FAILURES) return 0;
  return Math.min(FIRST_PAUSE_MS * 2 ** (failures / 10 - 1), LONGEST_PAUSE_MS);
}
