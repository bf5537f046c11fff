/**
 * The contract between the widget flow (src/flow) and the views (src/components/views).
 *
 * The flow turns server answers and view events into a `ViewState`; a view renders one `ViewState`
 * and reports what the user did as a `ViewEvent`. Views never call the server and keep only
 * ephemeral input state (what is being typed); the flow never touches the DOM.
 *
 * Stability: this file is shared with el-views. Change it only additively (new optional fields,
 * new union members).
 */
import type {
  AllowedIdentifier,
  FallbackMethod,
  IdentifierType,
  LayoutItem,
  MetadataField,
} from '../client/app-info';
import type { Attachment } from '../client/types';

export type { IdentifierType };
export type AuthMode = 'login' | 'register';

/**
 * Every message key the flow can put into a view (the i18n catalogues must define all of them).
 * Names follow passage-elements 1.16.0. `{0}`, `{1}` are positional args.
 */
export type FlowMessageKey =
  // identifier form
  | 'enter-an-email-address'
  | 'enter-a-phone-number'
  | 'enter-an-email-or-phone-number'
  | 'enter-a-valid-email-address'
  | 'enter-a-valid-phone-number'
  | 'enter-a-valid-email-or-phone-number'
  /** "{0} not recognized." with {0} = `email-capitalized` | `phone-capitalized`. */
  | 'not-recognized'
  | 'email-capitalized'
  | 'phone-capitalized'
  | 'account-no-longer-active'
  /** "An account already exists for this {0}" with {0} = `email` | `phone-number`. */
  | 'account-already-exists'
  | 'email'
  | 'phone-number'
  | 'public-registration-not-allowed'
  | 'unexpected-error'
  /** The server did not answer in time (the client's time-out): the visitor can simply try again. */
  | 'request-timed-out'
  /** A 429 (decisions.ts, tooManyAttempts): "Try again in {0} minutes." (2 or more), in a minute, later. */
  | 'too-many-attempts-minutes'
  | 'too-many-attempts-minute'
  | 'too-many-attempts-later'
  // metadata fields
  | 'required'
  | '64-letters-max'
  | 'invalid-date'
  | 'invalid-email'
  | 'no-decimals'
  | 'invalid-phone'
  // one-time code
  | 'code-send-error'
  | 'code-invalid-or-expired'
  // passkeys
  | 'passkey-create-fail-try-code'
  | 'passkey-create-fail-try-link'
  | 'passkey-create-fail-no-fallback'
  | 'passkey-login-fail-try-code'
  | 'passkey-login-fail-try-link'
  | 'passkey-login-fail-no-fallback'
  /** The passkey request was cancelled or could not be completed (decisions.ts, promptDismissed). */
  | 'passkey-prompt-closed'
  // add device
  | 'failed-to-add-this-device'
  // social sign-in ({0}: the provider's name; src/i18n/social)
  | 'social-access-denied'
  | 'social-provider-error'
  | 'social-invalid-state'
  | 'social-invalid-response'
  | 'social-account-exists'
  | 'social-connection-in-use'
  | 'social-not-allowed'
  | 'social-failed';

/** One provider button: its connection type and the label's name ("Google", an app's own provider). */
export interface SocialOption {
  type: string;
  name: string;
}

/** A user-visible message: a catalogue key with arguments, or a server text shown verbatim. */
export type Message =
  | { key: FlowMessageKey; args?: readonly Message[] }
  /** Shown as is (e.g. the server's "Public signup …" refusal). */
  | { text: string };

/** A registration metadata field as the form shows it (the app's layouts + schema). */
export interface MetadataInput {
  field: MetadataField;
  /** Grid cell from `layouts.registration` (6 columns, 75px rows). Absent: stacked below. */
  layout?: LayoutItem;
  /** The value last submitted (kept when the form comes back with errors). */
  value?: string | number | boolean;
  error?: Message;
}

/** Shown while the app info loads, and while the flow waits between views. */
export interface LoadingView {
  kind: 'loading';
}

/** The element has no app id. */
export interface InvalidAppIdView {
  kind: 'invalid-app-id';
}

/**
 * Why the app info failed, so the widget can say what is misconfigured (src/flow/app-problem.ts reads
 * it from the failure). `reason` is also the key of the message; the other fields are its placeholders.
 */
export type AppProblem =
  /** The server has no app with this id (404 app_not_found). `server`: the API's base URL. */
  | { reason: 'app-not-found'; appId: string; server: string }
  /** This page's origin is not the app's auth_origin (403 origin_not_allowed). */
  | { reason: 'origin-not-allowed'; pageOrigin: string; authOrigin: string }
  /** No identity server answered at `url` (network error, time-out, an answer that is not the API's). */
  | { reason: 'server-unreachable'; url: string }
  /** The server answered with another refusal (a 5xx, 429 …): `detail` is its message or the status. */
  | { reason: 'server-error'; server: string; detail: string };

/** The app info failed: the widget cannot be shown, and says why. */
export interface AppUnavailableView {
  kind: 'app-unavailable';
  problem: AppProblem;
}

/** Combined / login-only / register-only identifier form. */
export interface IdentifierView {
  kind: 'identifier';
  /** Login title or register title. */
  mode: AuthMode;
  /** The element may switch modes (only `<passage-auth>`). The view shows "Don't have an account?
   * Register" in login mode only when `publicSignup` is also true, and "Already have an
   * account? Sign in" in register mode. */
  canToggle: boolean;
  allowedIdentifier: AllowedIdentifier;
  publicSignup: boolean;
  /** Register mode with public_signup false: the "Public registration is not allowed." notice shows. */
  registrationNotAllowed: boolean;
  /** Show the branding badge (`passage_branding`). */
  branding: boolean;
  /** Remembered last login: the "Welcome back, sign in as" banner with "switch account". */
  lastLogin?: string;
  /** Prefill of the input (the identifier being changed, or the last login). */
  identifier: string;
  /** ISO 3166 alpha-2, lower case ('us' by default) for the country dropdown. */
  defaultCountryCode: string;
  /** The country the other mode's form held (login ↔ register): it wins over default-country-code, so a
   * national number keeps its country. */
  pickedCountry?: string;
  /** Registration metadata fields (register mode; empty otherwise). */
  metadata: MetadataInput[];
  /** The validation error line (aria-live). An unknown identifier (login) or a taken one (register)
   * needs no link of its own: the toggle under the form ("Register", "Sign in") is the way on. */
  error?: Message;
  /** A submit is in flight: disable the Continue button. */
  busy: boolean;
  /** The input should carry `autocomplete="username webauthn"` for passkey autofill (login). */
  conditionalUI: boolean;
  /** The providers the app offers (app info `social_connections`, in its order): a "Continue with …"
   * button each, under the form. Absent or empty: none (and the buttons' chunk is not fetched). */
  social?: SocialOption[];
  /** Why the provider sent the visitor back without a sign-in (src/flow/social.ts), shown above the
   * buttons with the way on; cleared once the visitor acts. */
  socialError?: Message;
  /** The connection type whose button was pressed: every button is disabled while the page leaves. */
  socialBusy?: string;
}

/** Magic-link activation (`?psg_magic_link` / `?psg_verify_link`). */
export interface MagicLinkActivationView {
  kind: 'magic-link-activation';
  /** `login`: psg_magic_link; `verify`: psg_verify_link (email / phone change). */
  link: 'login' | 'verify';
  /** loading → success | failure | invalid (404). */
  status: 'loading' | 'success' | 'failure' | 'invalid';
}

/** Passkey registration ("Register device"). */
export interface RegisterPasskeyView {
  kind: 'register-passkey';
  identifier: string;
  identifierType: IdentifierType;
  fallbackMethod: FallbackMethod;
  busy: boolean;
  /** After a failure: the passkey-create-fail-* message; the view offers Try again, the fallback
   * button (unless `fallbackMethod` is none) and Change email/phone. */
  error?: Message;
  /** The passkey request was cancelled or not completed: `error` says so (passkey-prompt-closed),
   * with the same ways on, under the step's own title rather than "Something went wrong". */
  cancelled?: boolean;
}

/** Passkey login ("Webauthn sign-in" / "Verify identity"): starts on entry. */
export interface PasskeyLoginView {
  kind: 'passkey-login';
  identifier: string;
  identifierType: IdentifierType;
  fallbackMethod: FallbackMethod;
  busy: boolean;
  /** The "Verify identity" screen of LoginUser: this browser remembers no credential of the user
   * (title "Verify your identity", text "We don't recognize this device."). */
  verifyIdentity?: boolean;
  /** After a browser-ceremony failure: passkey-login-fail-*; the view offers Try again. */
  error?: Message;
  /** The passkey request was cancelled or not completed: `error` is passkey-prompt-closed. */
  cancelled?: boolean;
}

/** One-time passcode: 6 boxes, Continue, Back, Resend code. */
export interface OneTimeCodeView {
  kind: 'one-time-code';
  identifier: string;
  identifierType: IdentifierType;
  /** Registration (`onOneTimePasscodeRegister`) or login. */
  registering: boolean;
  /** Requesting a code (on entry and on resend). */
  sending: boolean;
  /** The last send succeeded: the view says "has been sent" (not while sending, nor after a failed send,
   * even once a wrong code has replaced the send's error). */
  sent: boolean;
  /** Checking a code. */
  verifying: boolean;
  /** code-send-error, too-many-attempts-* or code-invalid-or-expired; with `codeInvalid` the boxes show the
   * error border. */
  error?: Message;
  codeInvalid: boolean;
  /** Increments on every resend: the view clears its boxes when it changes. */
  attempt: number;
}

/** Magic link waiting screen: Resend and Change email/phone. */
export interface MagicLinkSentView {
  kind: 'magic-link-sent';
  identifier: string;
  identifierType: IdentifierType;
  registering: boolean;
  /** Identity verification was required (title "Verify your email to sign in" rather than "Check …"). */
  verifying: boolean;
  /** Sending, or within the 3 s lock after a login send: Resend is disabled. */
  resendDisabled: boolean;
  /** How many links Resend has sent: the view announces "A new link has been sent." each time. */
  resent?: number;
  /** The last send failed for too many attempts (too-many-attempts-*). */
  error?: Message;
}

/** Add a passkey after a fallback sign-in (the post-fallback screen), with Skip. */
export interface AddDeviceView {
  kind: 'add-device';
  busy: boolean;
  /** After a failure: title "Something went wrong", text failed-to-add-this-device, Try again. */
  error?: Message;
  /** The passkey request was cancelled or not completed: `error` is passkey-prompt-closed, under the
   * screen's own title. */
  cancelled?: boolean;
}

/** Registration when passkeys are unavailable and there is no fallback. The view offers Change
 * email/phone (by `identifierType`, email when absent). */
export interface DeviceNotSupportedView {
  kind: 'device-not-supported';
  identifierType?: IdentifierType;
}

/** Login of a user without passkeys when the fallback is none: "passkeys are now required". The view
 * offers Change email/phone. */
export interface LoginNotSupportedView {
  kind: 'login-not-supported';
  identifierType?: IdentifierType;
}

/** A fallback was needed but the app has none (fallback method `none`). The view offers Change
 * email/phone, and Try again when `retry` is set. */
export interface NoFallbackView {
  kind: 'no-fallback';
  registering: boolean;
  identifierType?: IdentifierType;
  /** The sign-in came here from a passkey step, which Try again goes back to. */
  retry?: boolean;
}

/** Signed in: shown while the host's onSuccess runs (the default navigates away). */
export interface SuccessView {
  kind: 'success';
}

export type ViewState =
  | LoadingView
  | InvalidAppIdView
  | AppUnavailableView
  | IdentifierView
  | MagicLinkActivationView
  | RegisterPasskeyView
  | PasskeyLoginView
  | OneTimeCodeView
  | MagicLinkSentView
  | AddDeviceView
  | DeviceNotSupportedView
  | LoginNotSupportedView
  | NoFallbackView
  | SuccessView;

export type ViewKind = ViewState['kind'];

/** What a user did in a view. The flow ignores events that do not fit the current view. */
export type ViewEvent =
  /** Identifier form Continue. `identifier` as typed; `country` = the dropdown's ISO2 code when the
   * phone input is shown; `metadata` by field_name (register mode). */
  | {
      type: 'submit-identifier';
      identifier: string;
      country?: string;
      metadata?: Record<string, string | number | boolean | undefined>;
    }
  /** Combined view: the toggle under the form ("Register" / "Sign in"). */
  /** What the form held when the toggle was pressed: the other mode's form starts with it. */
  | { type: 'toggle-mode'; identifier?: string; country?: string }
  /** Last-login banner: "switch account" (clears the remembered identifier). */
  | { type: 'switch-account' }
  /** Passkey registration: create (attachment `cross-platform` for "use another device"). */
  | { type: 'create-passkey'; attachment?: Attachment }
  /** Try again after a passkey / activation / add-device failure, from the no-fallback screen, or
   * when the app info failed. */
  | { type: 'retry' }
  /** The explicit fallback button ("Sign in with a code", "Register with an email link", …): userInitiated. */
  | { type: 'use-fallback' }
  /** "Change email/phone" (passkey views, the not-supported and no-fallback screens), the Change beside
   * the identifier (one-time code, magic-link waiting). */
  | { type: 'change-identifier' }
  /** One-time code: 6 characters entered (auto) or Continue. */
  | { type: 'submit-code'; code: string }
  /** One-time code "Resend code" / magic link "Resend". */
  | { type: 'resend' }
  /** Add device: "Add passkey". */
  | { type: 'add-passkey' }
  /** Add device: "Skip". */
  | { type: 'skip' }
  /** Activation: "Request new link" (invalid link) reloads without the query string. */
  | { type: 'request-new-link' }
  /** Activation: "Redirect now" (success). */
  | { type: 'redirect-now' }
  /** Identifier form: a "Continue with …" button (the connection type). */
  | { type: 'social'; connection: string };

export type ViewEventType = ViewEvent['type'];
