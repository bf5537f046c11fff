import type { enSteps } from './en-steps';
import type { enMetadata } from './en-metadata';
import type { enProfile } from './en-profile';
import type { socialEn } from './social/en';

/**
 * English strings of the first screen (the identifier form): in the main chunk. Together with
 * en-steps.ts, en-metadata.ts (the sign-in part) and en-profile.ts (the profile's part) they are the
 * one catalogue every other language is checked against.
 * The wording follows one voice (docs/sign-in-elements.md#wording, checked by wording.test.ts).
 * Placeholders are `{name}`; see `format.ts`.
 */
export const enFirst = {
  // Combined / login-only / register-only views (keys say `login` for the flow's login mode; the text
  // says "sign in": docs/sign-in-elements.md#wording)
  'login-title': 'Sign in',
  'register-title': 'Register',
  'dont-have-an-account': "Don't have an account?",
  'register-here': 'Register',
  'already-have-an-account': 'Already have an account?',
  'login-here': 'Sign in',
  'public-registration-not-allowed': 'Public registration is not allowed.',
  'unexpected-error': 'An unexpected error occurred. Please try again.',
  'request-timed-out': 'The server did not answer in time. Please try again.',
  loading: 'Loading',
  'secured-by': 'Secured by open-passage',

  // Identifier form
  'email-address': 'Email address',
  'phone-number-label': 'Phone number',
  'email-or-phone-number': 'Email or phone number',
  continue: 'Continue',
  'enter-an-email-address': 'Enter an email address.',
  'enter-a-phone-number': 'Enter a phone number.',
  'enter-an-email-or-phone-number': 'Enter an email address or phone number.',
  'enter-a-valid-email-address': 'Enter a valid email address.',
  'enter-a-valid-phone-number': 'Enter a valid phone number.',
  'enter-a-valid-email-or-phone-number': 'Enter a valid email address or phone number.',
  'not-recognized': '{0} not recognized.',
  'account-no-longer-active': 'This account is no longer active.',
  'account-already-exists': 'An account already exists for this {0}.',
  'email-capitalized': 'Email',
  'phone-capitalized': 'Phone number',
  // Words put into other sentences ({0}), so lower-case
  email: 'email',
  'phone-number': 'phone number',
  'welcome-back-sign-in-as': 'Welcome back, sign in as',
  'switch-account': 'Switch account',
  country: 'Country',
  'select-placeholder': 'Select...',
} as const;

/** The sign-in part's keys: the first screen's, the later views', the registration fields' and social
 * sign-in's. */
type SignInKey =
  keyof typeof enFirst | keyof typeof enSteps | keyof typeof enMetadata | keyof typeof socialEn;
/** Every message key, the profile's included. */
export type MessageKey = SignInKey | keyof typeof enProfile;
/** Some strings of the catalogue: what one chunk brings. */
export type Catalogue = { readonly [K in MessageKey]?: string };
/** A language's sign-in part: every key, checked by the compiler. */
export type Messages = { readonly [K in SignInKey]: string };
/**
 * A language's profile part: every key only the profile shows, and the profile's own wording of a
 * sign-in key where it differs (German addresses the visitor as "du" there).
 */
export type ProfileMessages = {
  readonly [K in Exclude<keyof typeof enProfile, SignInKey>]: string;
} & Catalogue;
