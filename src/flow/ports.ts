/** What the flow needs from the outside world, injected so the flow stays pure and testable. */
import type { AppInfo } from '../client/app-info';
import type { KeyValueStorage } from '../client/browser-storage';
import type { PassageClient } from '../client/passage-client';
import type { AuthResult } from '../client/types';
import type { BrowserFeatures } from '../client/features';
import type { SocialPending } from '../client/social-storage';
import type { HostEventArgs } from './host-events';
import type { PhoneReader } from './validation/phone-reader';

/** Cancels a call (the flow aborts the calls of a view it leaves). */
export interface FlowCallOptions {
  signal?: AbortSignal;
}

/**
 * The calls the steps make once the visitor acts: PassageClient's own methods (so an editor goes from
 * a call straight to src/client/passage-client.ts). Failures reject with `FlowError`-shaped errors (a
 * call the server did not answer in time with the code `timeout`).
 */
export type PassageClientCalls = Pick<
  PassageClient,
  | 'credIdExists'
  | 'identifierExists'
  | 'createUser'
  | 'register'
  | 'login'
  | 'newRegisterMagicLink'
  | 'newLoginMagicLink'
  | 'getMagicLinkStatus'
  | 'magicLinkActivate'
  | 'newRegisterOneTimePasscode'
  | 'newLoginOneTimePasscode'
  | 'oneTimePasscodeActivate'
  | 'addDevice'
  | 'currentUserInfo'
  | 'socialSignInUrl'
  | 'finishSocialAuthentication'
  | 'forgetSocial'
>;

/**
 * The flow's client: the calls made before the visitor acts come from small modules of their own
 * (the first form must not wait for the whole client, docs/performance.md); `passageClient()` fetches
 * the client for everything else, once.
 */
export interface FlowClient {
  appInfo(options?: FlowCallOptions): Promise<AppInfo>;
  /** Browser features, all false when the app's auth_origin is not this page's origin. */
  browserFeatures(app: AppInfo): Promise<BrowserFeatures>;
  /** Passkey autofill while the login form shows. */
  loginConditional(signal: AbortSignal): Promise<AuthResult>;
  passageClient(): Promise<PassageClientCalls>;
  /** The social sign-in this tab started (sessionStorage), read when the page may be its callback
   * (a module of its own, fetched only then). */
  socialPending?(): Promise<SocialPending | undefined>;
}

/** An error as the client raises it (PassageError): HTTP status or a 700-range client code. */
export interface FlowError {
  statusCode?: number;
  code?: string;
  message?: string;
  /** The server's JSON answer (e.g. the origins of a 403 origin_not_allowed). */
  body?: unknown;
  /** A 429's Retry-After, in seconds. */
  retryAfter?: number;
}

/** The app an element names and where it asks for it: a failure of the app info is told with these. */
export interface AppTarget {
  appId: string;
  /** The `api-url` attribute (empty: the page's origin). */
  apiUrl?: string;
  /** `location.origin`. */
  pageOrigin: string;
}

/** The page hosting the element. */
export interface PagePort {
  /** `location.search`. */
  search(): string;
  /** Path a magic link returns to: pathname + search + hash. */
  magicLinkPath(): string;
  /** Reload without the query string (the invalid-link "Request new link" button). */
  reloadWithoutQuery(): void;
  /** Where a provider sends the visitor back after a social sign-in: the page without its hash. */
  href(): string;
  /** `location.assign` (to the provider, through the server). Resolves if the browser shows this page
   * again from its back-forward cache (the visitor came back without signing in). */
  navigate(url: string): Promise<void> | void;
  /** `history.replaceState` without these query parameters (a social callback's, once read). */
  removeParams(names: readonly string[]): void;
  /**
   * Resolves once the view shown last is on screen: the flow fetches what its later steps need only
   * then, so it does not compete with the first form (docs/performance.md). At once when absent.
   */
  shown?(): Promise<void>;
}

export interface FlowHooks {
  /** Returns true to allow; false vetoes the sign-in (the `beforeAuth` hook). */
  beforeAuth?(identifier: string): boolean | Promise<boolean>;
  /** Called on AuthSuccess; the element's default navigates to redirect_url. */
  onSuccess(result: AuthResult): void;
  onEvent(...event: HostEventArgs): void;
}

export interface FlowOptions {
  /** `auth`: combined with toggle; `login` / `register`: the single-purpose elements. */
  element: 'auth' | 'login' | 'register';
  /** `<passage-auth>` only: start in register mode. */
  startInRegister?: boolean;
  /** ISO 3166 alpha-2 of the phone country list; read each time (the attribute can change). */
  defaultCountryCode(): string;
  /** The UI language (e.g. "en-US"); its primary subtag goes with codes and links. */
  language(): string;
  /** Loads the phone library (dynamic import) — only called when the app allows phones. */
  loadPhoneReader(): Promise<PhoneReader>;
  client: FlowClient;
  /** The app id and API the client asks (src/flow/app-problem.ts names them when the app info fails). */
  target: AppTarget;
  storage: KeyValueStorage;
  page: PagePort;
  hooks: FlowHooks;
  /** console by default; magic-link send errors and current-user failures are only logged. */
  log?: (message: string, error?: unknown) => void;
}
