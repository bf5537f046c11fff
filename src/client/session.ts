import { clientError } from './client-errors';
import { type HttpOptions, request } from './http';
import { isAuthTokenValid } from './jwt';
import { PassageError } from './passage-error';
import type { TokenStore } from './token-store';
import type { AuthResult } from './types';

/** The signed-in session: a valid auth token (refreshed when expired) and sign-out. */
export class Session {
  private refreshing?: Promise<string>;

  constructor(
    private readonly http: HttpOptions,
    private readonly base: string,
    private readonly tokens: TokenStore,
  ) {}

  /** A valid auth token; an expired one is refreshed once (concurrent callers share the refresh).
   * Rejects with 704 PSGLoginRequired when there is no valid token and no refresh token, or the
   * server refused the refresh token; a refresh that could not be done (network, 5xx, 429) rejects
   * with that error and keeps the tokens, so a later call can try again. */
  async getAuthToken(): Promise<string> {
    const token = this.tokens.getAuthToken();
    if (token && isAuthTokenValid(token)) return token;
    const refreshToken = this.tokens.getRefreshToken();
    if (!refreshToken) throw clientError('PSGLoginRequired');
    this.refreshing ??= this.refresh(refreshToken).finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async refresh(refreshToken: string): Promise<string> {
    try {
      const { auth_result } = await request<{ auth_result: AuthResult }>(
        this.http,
        'POST',
        `${this.base}/tokens`,
        {
          refresh_token: refreshToken,
        },
      );
      this.tokens.setTokens(auth_result);
      return auth_result.auth_token;
    } catch (error) {
      if (!refusesRefreshToken(error)) throw error;
      this.tokens.clearTokens();
      throw clientError('PSGLoginRequired', error);
    }
  }

  /** True when a valid token is at hand (refreshing if needed). */
  async authGuard(): Promise<boolean> {
    return this.getAuthToken().then(
      () => true,
      () => false,
    );
  }

  /** Revokes the refresh token on the server (true on 200) and always clears the stored tokens. */
  async signOut(): Promise<boolean> {
    const refreshToken = this.tokens.getRefreshToken();
    this.tokens.clearTokens();
    if (!refreshToken) return true;
    try {
      const query = new URLSearchParams({ refresh_token: refreshToken });
      await request(this.http, 'DELETE', `${this.base}/tokens?${query}`);
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * Whether a failed refresh means the refresh token will never work again: the server looked at it and
 * said no (401 `invalid_refresh_token`, or any other 4xx answer about it: 400, 403 inactive user, 404
 * unknown app or user). Not: a network failure (status 0), a server error (5xx), a time-out (408) or
 * rate limiting (429), after which the same token may well work.
 */
export function refusesRefreshToken(error: unknown): boolean {
  if (!(error instanceof PassageError)) return false;
  const status = error.statusCode;
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}
