import { ParamsCipher } from '../security/params-cipher.js';
import type { AppSettings } from './app-settings.js';
import type { SocialProviderSettings } from './social-settings.js';

/** The secret fields of a social provider, sealed in the stored settings. */
const SECRET_FIELDS = ['client_secret', 'private_key'] as const;
/** Marks a sealed value; a stored value without it (written before sealing) is read as it is. */
const SEALED = 'sealed:';

/**
 * The social providers' secrets (client secrets, Apple's private key) as the `apps` table holds them:
 * sealed with AES-256-GCM under a server secret, so a copy of the database or a backup does not show
 * them in clear. The key comes from the server secrets (security/server-secrets.ts) on first use.
 */
export class SealedSecrets {
  private cipher: Promise<ParamsCipher> | null = null;

  constructor(private readonly key: () => Promise<Buffer>) {}

  /** A copy of `app` with its secrets sealed, for storing. */
  async seal(app: AppSettings): Promise<AppSettings> {
    if (!app.social_providers?.length) return app;
    const cipher = await this.cipherOnce();
    return {
      ...app,
      social_providers: app.social_providers.map((one) =>
        mapSecrets(one, (value) => SEALED + cipher.seal({ value })),
      ),
    };
  }

  /** `app` as stored, with its secrets opened. */
  async open(app: AppSettings): Promise<AppSettings> {
    if (!app.social_providers?.length) return app;
    const cipher = await this.cipherOnce();
    const opened = (value: string) =>
      value.startsWith(SEALED) ? (cipher.open(value.slice(SEALED.length)).value ?? '') : value;
    return { ...app, social_providers: app.social_providers.map((one) => mapSecrets(one, opened)) };
  }

  private cipherOnce(): Promise<ParamsCipher> {
    this.cipher ??= this.key().then((key) => new ParamsCipher(key));
    this.cipher.catch(() => (this.cipher = null));
    return this.cipher;
  }
}

function mapSecrets(
  provider: SocialProviderSettings,
  map: (value: string) => string,
): SocialProviderSettings {
  const copy = { ...provider };
  for (const field of SECRET_FIELDS) {
    const value = copy[field];
    if (value !== undefined) copy[field] = map(value);
  }
  return copy;
}
