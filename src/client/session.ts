import { clientError } from './client-errors';
import { abortedError, type CallOptions, type HttpOptions, request } from './http';
import { isAuthTokenValid } from './jwt';
import { PassageError } from './passage-error';
import { tokensFromOtherTab } from './other-tab-tokens';
import type { TokenStore } from './token-store';
import { authResultIn, stringIn } from './answers';

/** The part of the Web Locks API (`navigator.locks`) the session uses. */
export interface LockManagerLike {
  /** With `ifAvailable`, `callback` gets `null` at once when another holder has the lock. */
  request<T>(
    name: string,
    options: { ifAvailable?: boolean },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
}

/** How long a tab that waited for another tab's refresh waits for that tab's tokens to reach it. */
const OTHER_TAB_TOKENS_MS = 500;

export interface SessionOptions {
  /**
   * Serialises refreshes between the tabs of a browser: `navigator.locks` by default; `null` (or a
   * browser without Web Locks) leaves only the de-duplication within one tab.
   */
  locks?: LockManagerLike | null;
  /** The lock's name: one per app (`open-passage-refresh:<appId>`). */
  lockName?: string;
  /**
   * Resolves once another tab's new tokens are readable here, or after the time given: by default the
   * `storage` event of the refresh token (./other-tab-tokens.ts).
   */
  tokensFromOtherTab?: (timeoutMs: number) => Promise<void>;
}

function browserLocks(): LockManagerLike | null {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  return locks && typeof locks.request === 'function' ? locks : null;
}

/** The signed-in session: a valid auth token (refreshed when expired) and sign-out. */
export class Session {
  private refreshing?: Promise<string>;
  private readonly locks: LockManagerLike | null;
  private readonly lockName: string;
  private readonly tokensFromOtherTab: (timeoutMs: number) => Promise<void>;

  constructor(
    private readonly http: HttpOptions,
    private readonly base: string,
    private readonly tokens: TokenStore,
    options: SessionOptions = {},
  ) {
    this.locks = options.locks === undefined ? browserLocks() : options.locks;
    this.lockName = options.lockName ?? `open-passage-refresh:${base}`;
    this.tokensFromOtherTab = options.tokensFromOtherTab ?? tokensFromOtherTab;
  }

  /** A valid auth token; an expired one is refreshed once (concurrent callers share the refresh).
   * Rejects with 704 PSGLoginRequired when there is no valid token and no refresh token, or the
   * server refused the refresh token; a refresh that could not be done (network, 5xx, 429, time-out)
   * rejects with that error and keeps the tokens, so a later call can try again.
   *
   * Tabs share the tokens (localStorage) and the server accepts each refresh token once (a second use
   * revokes the whole sign-in): so a refresh runs under a Web Lock held across the browser's tabs, and
   * a tab that waited for it first looks whether another tab has refreshed meanwhile, giving that tab's
   * new tokens a moment to reach its own copy of localStorage. */
  async getAuthToken({ signal }: CallOptions = {}): Promise<string> {
    const token = this.validStoredToken();
    if (token) return token;
    if (!this.tokens.getRefreshToken()) throw clientError('PSGLoginRequired');
    // The shared refresh is not cancelled by one caller's signal: the caller only stops waiting for it.
    this.refreshing ??= this.refreshOnce().finally(() => {
      this.refreshing = undefined;
    });
    return signal ? abortable(this.refreshing, signal) : this.refreshing;
  }

  private refreshOnce(): Promise<string> {
    const locks = this.locks;
    if (!locks) return this.refreshWith(this.tokens.getRefreshToken());
    const spent = this.tokens.getRefreshToken();
    // A lock held elsewhere means another tab is refreshing: wait for it, then for its tokens.
    return locks.request(this.lockName, { ifAvailable: true }, (lock) =>
      lock === null
        ? locks.request(this.lockName, {}, () => this.refreshAfterOtherTab(spent))
        : this.refreshUnlessDone(),
    );
  }

  /** Under the lock, after another tab's refresh: its tokens, once they reach this tab, or a refresh. */
  private async refreshAfterOtherTab(spent: string | null): Promise<string> {
    if (!this.validStoredToken() && this.tokens.getRefreshToken() === spent)
      await this.tokensFromOtherTab(OTHER_TAB_TOKENS_MS);
    return this.refreshUnlessDone();
  }

  /** Under the lock: the tokens another tab may have stored meanwhile, or a refresh of our own. */
  private refreshUnlessDone(): Promise<string> {
    const token = this.validStoredToken();
    return token ? Promise.resolve(token) : this.refreshWith(this.tokens.getRefreshToken());
  }

  /** The stored auth token, if it has not expired. */
  private validStoredToken(): string | null {
    const token = this.tokens.getAuthToken();
    return token && isAuthTokenValid(token) ? token : null;
  }

  private async refreshWith(refreshToken: string | null): Promise<string> {
    // Another tab's refresh was refused (it cleared the tokens), or it signed out.
    if (!refreshToken) throw clientError('PSGLoginRequired');
    try {
      const answer = await request<unknown>(this.http, 'POST', `${this.base}/tokens`, {
        refresh_token: refreshToken,
      });
      const result = authResultIn(answer);
      const token = stringIn(result, 'auth_token');
      this.tokens.setTokens(result);
      return token;
    } catch (error) {
      if (!refusesRefreshToken(error)) throw error;
      // Only forget the tokens this refresh was about (another tab may have stored newer ones).
      if (this.tokens.getRefreshToken() === refreshToken) this.tokens.clearTokens();
      throw clientError('PSGLoginRequired', error);
    }
  }

  /** True when a valid token is at hand (refreshing if needed). */
  async authGuard(options: CallOptions = {}): Promise<boolean> {
    return this.getAuthToken(options).then(
      () => true,
      () => false,
    );
  }

  /** Revokes the refresh token on the server (true on 200) and always clears the stored tokens. */
  async signOut(options: CallOptions = {}): Promise<boolean> {
    const refreshToken = this.tokens.getRefreshToken();
    this.tokens.clearTokens();
    if (!refreshToken) return true;
    try {
      const query = new URLSearchParams({ refresh_token: refreshToken });
      await request(this.http, 'DELETE', `${this.base}/tokens?${query}`, undefined, options);
      return true;
    } catch {
      return false;
    }
  }
}

/** `work`, or a rejection with the `aborted` error once `signal` fires. */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortedError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortedError());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Whether a failed refresh means the refresh token will never work again: the server looked at it and
 * said no (401 `invalid_refresh_token`, or any other 4xx answer about it: 400, 403 inactive user, 404
 * unknown app or user). Not: a network failure (status 0), a server error (5xx), a time-out (408 or
 * the client's own, status 0) or rate limiting (429), after which the same token may well work.
 */
export function refusesRefreshToken(error: unknown): boolean {
  if (!(error instanceof PassageError)) return false;
  const status = error.statusCode;
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}
