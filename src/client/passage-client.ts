import type { BrowserFeatures } from './features';
import type { AppInfo } from './app-info';
import { appPath, fetchAppInfo, httpOptions } from './app-info-request';
import { detectBrowserFeatures } from './browser-features';
import { type CookieJar, defaultCookies, defaultStorage, type KeyValueStorage } from './browser-storage';
import { CredentialStore } from './credential-store';
import { CurrentUserClient } from './current-user';
import { type CallOptions, type HttpOptions, type Method, request } from './http';
import { type LockManagerLike, Session } from './session';
import { LocalTokenStore, type TokenStore } from './token-store';
import type { Attachment, AuthResult, PublicUser } from './types';
import { authResultIn, handshakeIn, objectIn, stringIn } from './answers';
import { type PickedPasskey, pickPasskey } from './passkey-autofill';
import { createCredential, getCredential } from './webauthn';
import { authorizeUrl, beginSocial, clearSocial, tokenQuery } from './social';
import { readSocialPending, sessionStore } from './social-storage';

export interface PassageClientOptions {
  /** Base URL of the identity server; defaults to the page's origin. */
  apiUrl?: string;
  /** Where tokens live; localStorage (+ `psg_auth_token` cookie) by default. */
  tokenStore?: TokenStore;
  /** Storage and cookies for the credential-id hint (defaults: localStorage, document.cookie). */
  storage?: KeyValueStorage;
  /** Where a social sign-in keeps its PKCE state between leaving and coming back (sessionStorage). */
  sessionStorage?: KeyValueStorage;
  cookies?: CookieJar;
  /** Send `Passage-Element-Version` (the elements do; plain client users need not). */
  elementVersion?: string | false;
  fetch?: typeof fetch;
  /**
   * Milliseconds each call may wait for the server's answer before it rejects with a PassageError of
   * code `timeout` (status 0). Default 15000; 0 turns the limit off. A passkey ceremony's own time
   * (the browser's dialog) does not count: only the calls to the server do.
   */
  timeoutMs?: number;
  /** Coordinates token refreshes across tabs (`navigator.locks` by default; `null`: this tab only). */
  locks?: LockManagerLike | null;
}

/** The browser client of the identity API, scoped to one app. */
export class PassageClient {
  readonly http: HttpOptions;
  readonly tokenStore: TokenStore;
  readonly credentials: CredentialStore;
  private readonly session: Session;
  private readonly socialStorage: KeyValueStorage | undefined;

  constructor(
    readonly appId: string,
    options: PassageClientOptions = {},
  ) {
    const http: HttpOptions = httpOptions(options.apiUrl, options.elementVersion);
    if (options.fetch) http.fetch = options.fetch;
    if (options.timeoutMs !== undefined) http.timeoutMs = options.timeoutMs;
    this.http = http;
    const storage = options.storage ?? defaultStorage();
    const cookies = options.cookies ?? defaultCookies();
    this.tokenStore = options.tokenStore ?? new LocalTokenStore(storage, cookies);
    this.credentials = new CredentialStore(storage, cookies);
    this.socialStorage = options.sessionStorage ?? sessionStore();
    this.session = new Session(this.http, this.base, this.tokenStore, {
      lockName: `open-passage-refresh:${appId}`,
      ...(options.locks !== undefined ? { locks: options.locks } : {}),
    });
  }

  /** `/v1/apps/{appId}`. */
  get base(): string {
    return appPath(this.appId);
  }

  private call(method: Method, path: string, body?: unknown, options?: CallOptions): Promise<unknown> {
    return request<unknown>(this.http, method, `${this.base}${path}`, body, options);
  }

  /** Every answer carrying tokens is stored before it is returned. */
  private async signIn(
    method: Method,
    path: string,
    body: unknown,
    options: CallOptions | undefined,
  ): Promise<AuthResult> {
    const result = authResultIn(await this.call(method, path, body, options));
    if (result.auth_token) this.tokenStore.setTokens(result);
    return result;
  }

  appInfo(options?: CallOptions): Promise<AppInfo> {
    return fetchAppInfo(this.http, this.appId, options);
  }

  browserFeatures(app: AppInfo): Promise<BrowserFeatures> {
    return detectBrowserFeatures(app);
  }

  /** This browser remembers a credential id for the user (psg_cred_obj). */
  credIdExists(userId: string): boolean {
    return this.credentials.has(userId);
  }

  /** The user with this identifier, or null when there is none. */
  async identifierExists(identifier: string, options?: CallOptions): Promise<PublicUser | null> {
    const query = new URLSearchParams({ identifier });
    return objectIn<PublicUser | null>(
      await this.call('GET', `/users?${query}`, undefined, options),
      'user',
      true,
    );
  }

  async createUser(
    identifier: string,
    userMetadata?: Record<string, unknown>,
    options?: CallOptions,
  ): Promise<PublicUser> {
    const body = userMetadata ? { identifier, user_metadata: userMetadata } : { identifier };
    return objectIn<PublicUser>(await this.call('POST', '/users', body, options), 'user');
  }

  /** Passkey registration: start → navigator.credentials.create → finish. */
  async register(
    identifier: string,
    attachment: Attachment = 'platform',
    options?: CallOptions,
  ): Promise<AuthResult> {
    const body = { identifier, authenticator_attachment: attachment };
    const answer = await this.call('POST', '/register/webauthn/start', body, options);
    const start = { handshake: handshakeIn(answer), user: { id: stringIn(objectIn(answer, 'user'), 'id') } };
    const response = await createCredential(start.handshake.challenge.publicKey, options?.signal);
    const result = await this.signIn(
      'POST',
      '/register/webauthn/finish',
      {
        user_id: start.user.id,
        handshake_id: start.handshake.id,
        handshake_response: response,
      },
      options,
    );
    this.credentials.set(start.user.id, String(response.id));
    return result;
  }

  /** Passkey login for a known identifier. */
  async login(identifier: string, options?: CallOptions): Promise<AuthResult> {
    const answer = await this.call('POST', '/login/webauthn/start', { identifier }, options);
    const start = { handshake: handshakeIn(answer), user: (answer as { user?: { id?: unknown } }).user };
    const response = await getCredential(start.handshake.challenge.publicKey, {
      ...(options?.signal ? { signal: options.signal } : {}),
    });
    return this.signIn(
      'POST',
      '/login/webauthn/finish',
      {
        ...(typeof start.user?.id === 'string' && start.user.id ? { user_id: start.user.id } : {}),
        handshake_id: start.handshake.id,
        handshake_response: response,
      },
      options,
    );
  }

  /** Passkey autofill (conditional mediation): a body-less start, aborted through `signal`. */
  async loginConditional(signal: AbortSignal): Promise<AuthResult> {
    return this.finishConditional(await pickPasskey(this.http, this.appId, signal), { signal });
  }

  /** The finish call of passkey autofill, once the visitor picked a passkey (`pickPasskey`). */
  finishConditional(picked: PickedPasskey, options?: CallOptions): Promise<AuthResult> {
    // The answer arrives whenever the visitor picks a passkey: only its finish call is timed.
    return this.signIn(
      'POST',
      '/login/webauthn/finish',
      { handshake_id: picked.handshakeId, handshake_response: picked.response },
      options,
    );
  }

  private async newMagicLink(
    kind: 'register' | 'login',
    identifier: string,
    language: string,
    path?: string,
    options?: CallOptions,
  ) {
    const magicLinkPath =
      path ?? (typeof location === 'undefined' ? '/' : location.pathname + location.search + location.hash);
    const body = { identifier, magic_link_path: magicLinkPath, language };
    return objectIn<{ id: string }>(
      await this.call('POST', `/${kind}/magic-link`, body, options),
      'magic_link',
    );
  }

  newRegisterMagicLink(
    identifier: string,
    language: string,
    path?: string,
    options?: CallOptions,
  ): Promise<{ id: string }> {
    return this.newMagicLink('register', identifier, language, path, options);
  }

  newLoginMagicLink(
    identifier: string,
    language: string,
    path?: string,
    options?: CallOptions,
  ): Promise<{ id: string }> {
    return this.newMagicLink('login', identifier, language, path, options);
  }

  /** Tokens once the link was opened anywhere; rejects (4xx) before that. */
  getMagicLinkStatus(id: string, options?: CallOptions): Promise<AuthResult> {
    return this.signIn('POST', '/magic-link/status', { id }, options);
  }

  magicLinkActivate(magicLink: string, options?: CallOptions): Promise<AuthResult> {
    return this.signIn('PATCH', '/magic-link/activate', { magic_link: magicLink }, options);
  }

  newRegisterOneTimePasscode(
    identifier: string,
    language: string,
    options?: CallOptions,
  ): Promise<{ otp_id: string }> {
    return this.newOneTimePasscode('register', identifier, language, options);
  }

  newLoginOneTimePasscode(
    identifier: string,
    language: string,
    options?: CallOptions,
  ): Promise<{ otp_id: string }> {
    return this.newOneTimePasscode('login', identifier, language, options);
  }

  private async newOneTimePasscode(
    kind: 'register' | 'login',
    identifier: string,
    language: string,
    options?: CallOptions,
  ): Promise<{ otp_id: string }> {
    const answer = await this.call('POST', `/${kind}/otp`, { identifier, language }, options);
    return { otp_id: stringIn(answer, 'otp_id') };
  }

  oneTimePasscodeActivate(otp: string, otpId: string, options?: CallOptions): Promise<AuthResult> {
    return this.signIn('POST', '/otp/activate', { otp, otp_id: otpId }, options);
  }

  /**
   * Starts a social sign-in (passage-js `authorizeWith`): stores a new PKCE verifier and state in
   * sessionStorage and answers the URL to navigate to, which leads to the provider and back to
   * `redirectUri` with `code` and `state`.
   */
  async socialSignInUrl(connection: string, redirectUri: string): Promise<string> {
    const start = await beginSocial(this.socialStorage, connection, redirectUri);
    return authorizeUrl(`${this.http.apiUrl.replace(/\/+$/, '')}${this.base}`, start);
  }

  /** Finishes a social sign-in (passage-js `finishSocialAuthentication`): the code and this tab's
   * verifier for the tokens. The pending state is forgotten whatever the answer (a code works once). */
  async finishSocialAuthentication(code: string, options?: CallOptions): Promise<AuthResult> {
    const query = tokenQuery(code, readSocialPending(this.socialStorage));
    clearSocial(this.socialStorage);
    return this.signIn('GET', `/social/token?${query}`, undefined, options);
  }

  /** The state a social sign-in of this tab waits for (its callback must bring it back). */
  socialPending() {
    return readSocialPending(this.socialStorage);
  }

  /** Forgets a pending social sign-in (its callback failed or its state did not match). */
  forgetSocial(): void {
    clearSocial(this.socialStorage);
  }

  getCurrentSession(): Session {
    return this.session;
  }

  getCurrentUser(): CurrentUserClient {
    return new CurrentUserClient(this.http, this.base, this.session, this.credentials);
  }

  /** Shortcuts the flow uses. */
  currentUserInfo(options?: CallOptions) {
    return this.getCurrentUser().userInfo(options);
  }

  addDevice(attachment: Attachment = 'platform', options?: CallOptions) {
    return this.getCurrentUser().addDevice(attachment, options);
  }

  signOut(options?: CallOptions): Promise<boolean> {
    return this.session.signOut(options);
  }
}
