import { createHash, randomBytes, randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 24-character `[A-Za-z0-9]` id like Passage's (≈143 bits from a CSPRNG). */
export function newId(): string {
  let id = '';
  for (let i = 0; i < 24; i++) id += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return id;
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
