import { clientError } from './client-errors';
import { type HttpOptions, request } from './http';
import { isAuthTokenValid } from './jwt';
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
   * Rejects with 704 PSGLoginRequired when there is no valid token and no refresh, or it failed. */
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
