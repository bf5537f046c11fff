/** Timestamps are stored as ISO-8601 UTC strings of fixed width, so they compare as text on both databases. */
export function isoNow(): string {
  return new Date().toISOString();
}

export function isoIn(milliseconds: number, from = Date.now()): string {
  return new Date(from + milliseconds).toISOString();
}
