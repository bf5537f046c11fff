/**
 * The home view (the identifier form) from the app info alone: what the flow needs for its first form
 * (size budget: docs/performance.md).
 */
import type { AppInfo } from '../client/app-info';
import type { AuthMode, IdentifierView, Message, MetadataInput, SocialOption } from './view-state';

export interface HomeOptions {
  element: 'auth' | 'login' | 'register';
  mode: AuthMode;
  defaultCountryCode: string;
  /** The country the other mode's form held. */
  pickedCountry?: string | undefined;
  /** The remembered last login (psg_last_login). */
  lastLogin?: string | undefined;
  /** Prefill; the last login when absent. */
  identifier?: string | undefined;
  conditionalUI: boolean;
  /** The providers' buttons, and a social sign-in's failure. */
  social?: SocialOption[];
  socialError?: Message;
}

/** Registration fields of the schema with their grid cells (layouts.registration, matched by id). */
function registrationInputs(app: AppInfo): MetadataInput[] {
  const layout = new Map(app.layouts.registration.map((item) => [item.id, item]));
  return app.user_metadata_schema
    .filter((field) => field.registration)
    .map((field) => {
      const cell = layout.get(field.id);
      return cell ? { field, layout: cell } : { field };
    });
}

export function homeView(app: AppInfo, options: HomeOptions): IdentifierView {
  return {
    kind: 'identifier',
    mode: options.mode,
    canToggle: options.element === 'auth',
    allowedIdentifier: app.allowed_identifier,
    publicSignup: app.public_signup,
    registrationNotAllowed: options.mode === 'register' && !app.public_signup,
    branding: app.passage_branding,
    ...(options.lastLogin ? { lastLogin: options.lastLogin } : {}),
    identifier: options.identifier ?? options.lastLogin ?? '',
    defaultCountryCode: options.pickedCountry ?? options.defaultCountryCode,
    ...(options.pickedCountry ? { pickedCountry: options.pickedCountry } : {}),
    metadata: options.mode === 'register' ? registrationInputs(app) : [],
    busy: false,
    conditionalUI: options.conditionalUI,
    ...(options.social?.length ? { social: options.social } : {}),
    ...(options.socialError ? { socialError: options.socialError } : {}),
  };
}

/** The form's country: the one carried over from the other mode, else the element's attribute now (it
 * may change at any time). */
export const withCountry = (view: IdentifierView, attribute: string): IdentifierView => ({
  ...view,
  defaultCountryCode: view.pickedCountry ?? attribute,
});

const MAGIC_LINK_PARAM = 'psg_magic_link';
export const VERIFY_LINK_PARAM = 'psg_verify_link';

/** The link this page was opened from (activation instead of the form), if any. */
export function linkToActivate(search: string): { link: 'login' | 'verify'; token: string } | undefined {
  const params = new URLSearchParams(search);
  const login = params.get(MAGIC_LINK_PARAM);
  const verify = params.get(VERIFY_LINK_PARAM);
  if (login) return { link: 'login', token: login };
  if (verify) return { link: 'verify', token: verify };
  return undefined;
}

/**
 * The phone library is needed when phones may identify a user, and in register mode when a
 * registration metadata field is a phone number (checked and sent in international form).
 */
export function needsPhoneReader(app: AppInfo, mode: AuthMode): boolean {
  if (app.allowed_identifier !== 'email') return true;
  return mode === 'register' && app.user_metadata_schema.some((f) => f.registration && f.type === 'phone');
}

/** The mode an element starts in. */
export const initialMode = (element: HomeOptions['element'], startInRegister = false): AuthMode =>
  element === 'register' || (element === 'auth' && startInRegister) ? 'register' : 'login';

/** The providers the app offers, in the app info's order (the form's "Continue with …" buttons). */
export function socialOptions(app: Pick<AppInfo, 'social_connections'>): SocialOption[] {
  return Object.entries(app.social_connections ?? {}).map(([type, { name }]) => ({
    type,
    name: name || type,
  }));
}
