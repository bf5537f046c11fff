import { createHash, randomBytes, randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 24-character `[A-Za-z0-9]` id like Passage's (≈143 bits from a CSPRNG). */
export function newId(): string {
  let id = '';
  for (let i = 0; i < 24; i++) id += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return id;
}

/** Digits in ASCII order, so that fixed-width numbers written with them sort as the numbers do. */
const ASCENDING = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A 24-character `[A-Za-z0-9]` id that sorts by creation time: 8 characters of the millisecond clock,
 * then 16 random ones (≈95 bits from a CSPRNG, so it stays unguessable). For rows written on every
 * sign-in: new keys land at the end of their index, where the rows committed together share pages.
 * It tells when the row was made, so user ids stay fully random.
 */
export function newTimeOrderedId(now = Date.now()): string {
  let clock = '';
  for (let rest = Math.floor(now), i = 0; i < 8; i++, rest = Math.floor(rest / 62)) {
    clock = ASCENDING[rest % 62] + clock;
  }
  let random = '';
  for (let i = 0; i < 16; i++) random += ASCENDING[randomInt(62)];
  return clock + random;
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
  return createHash('sha256').update(value).digest('hex');
}
