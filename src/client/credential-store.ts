import {
  type CookieJar,
  defaultCookies,
  defaultStorage,
  type KeyValueStorage,
  readCookie,
  secureFlag,
} from './browser-storage';

export const CRED_OBJ_KEY = 'psg_cred_obj';
/** The credential-id cookie lives 400 days. */
export const CRED_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

/** Remembers which credential this browser holds per user (`{userId: credentialId}`): a cookie
 * (400 days, SameSite=Strict) and localStorage. Only a hint for choosing passkey login. */
export class CredentialStore {
  constructor(
    private readonly storage: KeyValueStorage = defaultStorage(),
    private readonly cookies: CookieJar = defaultCookies(),
  ) {}

  all(): Record<string, string> {
    const raw = readCookie(this.cookies, CRED_OBJ_KEY) ?? this.storage.getItem(CRED_OBJ_KEY);
    if (!raw) return {};
    try {
      const parsed = JSON.parse(raw) as unknown;
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
    } catch {
      return {};
    }
  }

  get(userId: string): string | undefined {
    return this.all()[userId];
  }

  has(userId: string): boolean {
    return Boolean(this.get(userId));
  }

  set(userId: string, credentialId: string): void {
    const value = JSON.stringify({ ...this.all(), [userId]: credentialId });
    this.storage.setItem(CRED_OBJ_KEY, value);
    this.cookies.write(
      `${CRED_OBJ_KEY}=${encodeURIComponent(value)}; Path=/; Max-Age=${CRED_COOKIE_MAX_AGE_S}; SameSite=Strict${secureFlag()}`,
    );
  }
}
