import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const PREFIX = 'v1.';

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
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(params), 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  open(stored: string): Record<string, string> {
    if (!stored.startsWith(PREFIX)) return JSON.parse(stored) as Record<string, string>;
    const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const json = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    return JSON.parse(json) as Record<string, string>;
  }
}
