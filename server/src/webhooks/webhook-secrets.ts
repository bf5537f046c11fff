import { randomBytes } from 'node:crypto';
import { ParamsCipher } from '../security/params-cipher.js';

/** The server secret (security/server-secrets.ts) under which endpoint signing secrets are sealed. */
export const SECRETS_KEY_NAME = 'webhook-secrets';

/**
 * A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64, which the
 * `standardwebhooks` library of any language accepts as it is.
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/**
 * Seals endpoint secrets at rest with AES-256-GCM (the delivery queue's cipher): the server must read
 * them back to sign, so they cannot be hashed, but the table alone (a backup, a dump) does not give them.
 */
export class SecretsCipher {
  private readonly cipher: ParamsCipher;

  constructor(key: Buffer) {
    this.cipher = new ParamsCipher(key);
  }

  seal(secret: string): string {
    return this.cipher.seal({ secret });
  }

  open(sealed: string): string {
    const { secret } = this.cipher.open(sealed);
    if (!secret) throw new Error('a webhook secret could not be opened');
    return secret;
  }
}
