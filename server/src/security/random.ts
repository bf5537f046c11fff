import { hash, randomBytes, randomInt } from 'node:crypto';

/** `[0-9A-Za-z]` in ASCII order, so that fixed-width numbers written with them sort as the numbers do. */
const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `count` characters drawn uniformly from ALPHANUMERIC with a CSPRNG. */
function randomAlphanumeric(count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) text += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return text;
}

/** A 24-character `[A-Za-z0-9]` id like Passage's (≈143 bits from a CSPRNG). */
export function newId(): string {
  return randomAlphanumeric(24);
}

/**
 * A 24-character `[A-Za-z0-9]` id that sorts by creation time: 8 characters of the millisecond clock,
 * then 16 random ones (≈95 bits from a CSPRNG, so it stays unguessable). For rows written on every
 * sign-in: new keys land at the end of their index, where the rows committed together share pages.
 * It tells when the row was made, so user ids stay fully random.
 */
export function newTimeOrderedId(now = Date.now()): string {
  let clock = '';
  for (let rest = Math.floor(now), i = 0; i < 8; i++, rest = Math.floor(rest / 62)) {
    clock = ALPHANUMERIC[rest % 62] + clock;
  }
  return clock + randomAlphanumeric(16);
}

/** A 256-bit secret for links and refresh tokens, base64url (43 characters). */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Six random decimal digits. */
export function newSixDigitCode(): string {
  return randomInt(1_000_000).toString().padStart(6, '0');
}

/** How high-entropy secrets (links, refresh tokens) are stored: a plain SHA-256 is enough at 256 bits. */
export function sha256Hex(value: string): string {
  // One-shot, no Hash object per call: about 0.4 µs instead of 0.9 (every lookup hashes its limit key).
  return hash('sha256', value, 'hex');
}
