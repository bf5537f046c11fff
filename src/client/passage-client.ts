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
import type { Attachment, AuthResult, PublicUser, WebAuthnHandshake } from './types';
import { createCredential, getCredential } from './webauthn';

export interface PassageClientOptions {
  /** Base URL of the identity server; defaults to the page's origin. */
  apiUrl?: string;
  /** Where tokens live; localStorage (+ `psg_auth_token` cookie) by default. */
  tokenStore?: TokenStore;
  /** Storage and cookies for the credential-id hint (defaults: localStorage, document.cookie). */
  storage?: KeyValueStorage;
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

type AuthAnswer = { auth_result: AuthResult };

/** The browser client of the identity API, scoped to one app. */
export class PassageClient {
  readonly http: HttpOptions;
  readonly tokenStore: TokenStore;
  readonly credentials: CredentialStore;
  private readonly session: Session;

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
    this.session = new Session(this.http, this.base, this.tokenStore, {
      lockName: `open-passage-refresh:${appId}`,
      ...(options.locks !== undefined ? { locks: options.locks } : {}),
    });
  }

  /** `/v1/apps/{appId}`. */
  get base(): string {
    return appPath(this.appId);
  }

  private call<T>(method: Method, path: string, body?: unknown, options?: CallOptions): Promise<T> {
    return request<T>(this.http, method, `${this.base}${path}`, body, options);
  }

  /** Every answer carrying tokens is stored before it is returned. */
  private async signIn(
    method: Method,
    path: string,
    body: unknown,
    options: CallOptions | undefined,
  ): Promise<AuthResult> {
    const { auth_result } = await this.call<AuthAnswer>(method, path, body, options);
    if (auth_result?.auth_token) this.tokenStore.setTokens(auth_result);
    return auth_result;
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
    return (await this.call<{ user: PublicUser | null }>('GET', `/users?${query}`, undefined, options)).user;
  }

  async createUser(
    identifier: string,
    userMetadata?: Record<string, unknown>,
    options?: CallOptions,
  ): Promise<PublicUser> {
    const body = userMetadata ? { identifier, user_metadata: userMetadata } : { identifier };
    return (await this.call<{ user: PublicUser }>('POST', '/users', body, options)).user;
  }

  /** Passkey registration: start → navigator.credentials.create → finish. */
  async register(
    identifier: string,
    attachment: Attachment = 'platform',
    options?: CallOptions,
  ): Promise<AuthResult> {
    const start = await this.call<{ handshake: WebAuthnHandshake; user: { id: string } }>(
      'POST',
      '/register/webauthn/start',
      {
        identifier,
        authenticator_attachment: attachment,
      },
      options,
    );
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
    const start = await this.call<{ handshake: WebAuthnHandshake; user?: { id: string } }>(
      'POST',
      '/login/webauthn/start',
      {
        identifier,
      },
      options,
    );
    const response = await getCredential(start.handshake.challenge.publicKey, {
      ...(options?.signal ? { signal: options.signal } : {}),
    });
    return this.signIn(
      'POST',
      '/login/webauthn/finish',
      {
        ...(start.user?.id ? { user_id: start.user.id } : {}),
        handshake_id: start.handshake.id,
        handshake_response: response,
      },
      options,
    );
  }

  /** Passkey autofill (conditional mediation): a body-less start, aborted through `signal`. */
  async loginConditional(signal: AbortSignal): Promise<AuthResult> {
    const options = { signal };
    const start = await this.call<{ handshake: WebAuthnHandshake }>(
      'POST',
      '/login/webauthn/start',
      undefined,
      options,
    );
    const response = await getCredential(start.handshake.challenge.publicKey, { signal, conditional: true });
    // The answer arrives whenever the visitor picks a passkey: only its finish call is timed.
    return this.signIn(
      'POST',
      '/login/webauthn/finish',
      {
        handshake_id: start.handshake.id,
        handshake_response: response,
      },
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
    return (await this.call<{ magic_link: { id: string } }>('POST', `/${kind}/magic-link`, body, options))
      .magic_link;
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
    return this.call('POST', '/register/otp', { identifier, language }, options);
  }

  newLoginOneTimePasscode(
    identifier: string,
    language: string,
    options?: CallOptions,
  ): Promise<{ otp_id: string }> {
    return this.call('POST', '/login/otp', { identifier, language }, options);
  }

  oneTimePasscodeActivate(otp: string, otpId: string, options?: CallOptions): Promise<AuthResult> {
    return this.signIn('POST', '/otp/activate', { otp, otp_id: otpId }, options);
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
