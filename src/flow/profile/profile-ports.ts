/** What the profile flow needs from the outside world, injected so the flow stays pure and testable. */
import type { AppInfo } from '../../client/app-info';
import type { CurrentUser, Device } from '../../client/types';
import type { Translator } from '../../i18n';
import type { PhoneReader } from '../validation/phone-reader';
import type { AppTarget } from '../ports';
import type { IdentifierType } from '../view-state';
import type { ProfileChange } from './profile-events';
import type { SocialConnections } from './social-connections';
import type { SocialPending } from '../../client/social-storage';

/** The client operations of one app (app-id and api-url as they were when the load began). Failures
 * reject with `FlowError`-shaped errors. */
export interface ProfileClient {
  /** The app id and API it asks (a failed app info is told with them: src/flow/app-problem.ts). */
  readonly target: AppTarget;
  appInfo(): Promise<AppInfo>;
  /** Whether this browser holds an auth or a refresh token (no request). */
  hasSession(): boolean;
  /** Opens an email/phone change confirmation link (it also signs its user in). */
  magicLinkActivate(token: string): Promise<unknown>;
  currentUser(): Promise<CurrentUser>;
  devices(): Promise<Device[]>;
  userMetadata(): Promise<Record<string, unknown>>;
  /** Whether a user holds the identifier (only asked where the app can tell, see `canLookUp`). */
  identifierExists(identifier: string): Promise<boolean>;
  changeIdentifier(
    kind: IdentifierType,
    value: string,
    options: { language: string; magicLinkPath: string },
  ): Promise<unknown>;
  updateUserMetadata(values: Record<string, unknown>): Promise<CurrentUser>;
  renameDevice(deviceId: string, friendlyName: string): Promise<Device>;
  deleteDevice(deviceId: string): Promise<void>;
  /** Registers a platform passkey; resolves with the new device. */
  addDevice(): Promise<Device | undefined>;
  /** The providers linked to the user. */
  socialConnections(): Promise<SocialConnections>;
  /** Unlinks a provider (refused when it is the last way to sign in). */
  unlinkSocial(connection: string): Promise<void>;
  /** Stores a PKCE state and answers the URL that links the provider, back to `redirectUri`. */
  linkSocial(connection: string, redirectUri: string): Promise<string>;
  /** The social sign-in this tab started (sessionStorage). */
  socialPending(): SocialPending | undefined;
  /** Exchanges the code a provider brought back (it signs the same user in). */
  finishSocial(code: string): Promise<unknown>;
  forgetSocial(): void;
  /** Forgets the tokens; true when the server revoked the refresh token too. */
  signOut(): Promise<boolean>;
  /** `psg_cred_obj`: user id → the credential id this browser signed in with. */
  credentials(): Record<string, string>;
}

/** What the element focuses after a step (it knows the DOM; the flow only says what). */
export type FocusTarget =
  | { to: 'edit-button'; edit: string }
  | { to: 'identifier-input'; kind: IdentifierType }
  | { to: 'metadata-input'; invalid: boolean }
  | { to: 'rename-input'; deviceId: string }
  | { to: 'passkeys-title' }
  | { to: 'page-button'; button: 'previous' | 'next' };

/** The page hosting the element. */
export interface ProfilePage {
  /** `location.href`. */
  href(): string;
  /** The page's own path (pathname + search + hash). */
  path(): string;
  /** `history.replaceState` to this path (a used link leaves the address). */
  replacePath(path: string): void;
  /** `location.assign`. */
  assign(url: string): void;
}

export interface ProfilePorts {
  /** A client for the element's current app-id and api-url; asked at every load. */
  client(): ProfileClient;
  /** The translator shown now (errors and confirmations are worded when they happen). */
  translator(): Translator;
  /** Loads the language for the `lang` attribute, the browser and the app's default (a newer load
   * wins over an older one); resolves when done or overtaken. */
  loadLanguage(appDefault: string): Promise<void>;
  /** The phone library (a lazy chunk); only asked when the user can type a phone number. */
  loadPhoneReader(): Promise<PhoneReader>;
  /** The `default-country-code` attribute, read each time. */
  defaultCountryCode(): string;
  /** The `sign-in-url` and `verify-link-path` attributes, read each time. */
  signInUrl(): string | undefined;
  verifyLinkPath(): string | undefined;
  page: ProfilePage;
  emit(change: ProfileChange): void;
  focus(target: FocusTarget): void;
  /** console by default. */
  log?: (message: string, error?: unknown) => void;
}
