import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const PREFIX = 'v1.';
const IV_BYTES = 12;
/** GCM's full tag: a shorter one (Node accepts 4 to 16 bytes unless told) is easier to forge. */
const TAG_BYTES = 16;

/**
 * Seals a few text values with AES-256-GCM under a server secret: a queued message's template
 * parameters (its code or link), so the queue table never shows them in clear even during a long mail
 * outage, and the social providers' secrets in the stored app settings. Rows written before sealing
 * existed (plain JSON) still open.
 */
export class ParamsCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the params key must be 32 bytes');
  }

  seal(params: Record<string, string>): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    const body = Buffer.concat([cipher.update(JSON.stringify(params), 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  open(stored: string): Record<string, string> {
    if (!stored.startsWith(PREFIX)) return JSON.parse(stored) as Record<string, string>;
    const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
    const tagEnd = IV_BYTES + TAG_BYTES;
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES), {
      authTagLength: TAG_BYTES,
    });
    // A value cut short gives a short tag: refused by the tag length above, whatever its content.
    decipher.setAuthTag(raw.subarray(IV_BYTES, tagEnd));
    const json = Buffer.concat([decipher.update(raw.subarray(tagEnd)), decipher.final()]).toString('utf8');
    return JSON.parse(json) as Record<string, string>;
  }
}
