import {
  type CookieJar,
  defaultCookies,
  defaultStorage,
  type KeyValueStorage,
  secureFlag,
} from './browser-storage';
import type { AuthResult } from './types';

/** Where the tokens of a session live (replaceable: `new PassageClient(appId, { tokenStore })`). */
export interface TokenStore {
  getAuthToken(): string | null;
  getRefreshToken(): string | null;
  setTokens(result: AuthResult): void;
  clearTokens(): void;
}

const AUTH_TOKEN_KEY = 'psg_auth_token';
export const REFRESH_TOKEN_KEY = 'psg_refresh_token';

/** Passage's layout: auth token in localStorage and a `psg_auth_token` cookie, refresh token in localStorage. */
export class LocalTokenStore implements TokenStore {
  constructor(
    private readonly storage: KeyValueStorage = defaultStorage(),
    private readonly cookies: CookieJar = defaultCookies(),
  ) {}

  getAuthToken(): string | null {
    return this.storage.getItem(AUTH_TOKEN_KEY);
  }

  getRefreshToken(): string | null {
    return this.storage.getItem(REFRESH_TOKEN_KEY);
  }

  setTokens(result: AuthResult): void {
    this.storage.setItem(AUTH_TOKEN_KEY, result.auth_token);
    this.cookies.write(`${AUTH_TOKEN_KEY}=${encodeURIComponent(result.auth_token)}; Path=/${secureFlag()}`);
    if (result.refresh_token) this.storage.setItem(REFRESH_TOKEN_KEY, result.refresh_token);
  }

  clearTokens(): void {
    this.storage.removeItem(AUTH_TOKEN_KEY);
    this.storage.removeItem(REFRESH_TOKEN_KEY);
    this.cookies.write(`${AUTH_TOKEN_KEY}=; Path=/; Max-Age=0`);
  }
}
