import Type, { type Static } from 'typebox';
import { Customization, LayoutItem, MetadataField } from 'open-passage/contract';
import { redirectUrlProblem } from '../http/safe-urls.js';
import type { PatternWords } from './settings-errors.js';
import { SOCIAL_PATTERN_WORDS, SocialProvidersSetting, socialProvidersProblem } from './social-settings.js';

const Identifier = Type.Union([Type.Literal('email'), Type.Literal('phone'), Type.Literal('both')]);

/** An origin as browsers send it: scheme, host and port, no path. */
const ORIGIN_PATTERN = '^https?://[^/\\s]+$';
const APP_ID_PATTERN = '^[A-Za-z0-9]{8,64}$';
const LANGUAGE_PATTERN = '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$';
const SHA256_PATTERN = '^[0-9a-f]{64}$';

/** What a value that misses a pattern of these settings must be, for the apps file's errors. */
export const APP_SETTINGS_PATTERN_WORDS: PatternWords = {
  [ORIGIN_PATTERN]:
    'must be an origin: scheme, host and optional port, no path — for example "https://www.example.com"',
  [APP_ID_PATTERN]: 'must be 8 to 64 letters and digits — for example "shopAppK2x9RmT4wYc6d"',
  [LANGUAGE_PATTERN]: 'must be a language tag — for example "en" or "pt-BR"',
  [SHA256_PATTERN]:
    'must be 64 lowercase hexadecimal digits: the line open-passage-server api-key prints holds it',
  ...SOCIAL_PATTERN_WORDS,
  '^[a-z][a-z0-9_]{0,63}$':
    'must start with a lowercase letter, then up to 63 lowercase letters, digits or "_" — for example "company_name"',
};

/** One app as declared in the apps file or through the admin API. Defaults fill what is left out. */
export const AppSettings = Type.Object(
  {
    id: Type.String({ pattern: APP_ID_PATTERN }),
    name: Type.String({ minLength: 1, maxLength: 128 }),
    auth_origin: Type.String({ pattern: ORIGIN_PATTERN }),
    redirect_url: Type.String({ minLength: 1, maxLength: 2048, default: '/' }),
    login_url: Type.String({
      maxLength: 2048,
      default: '',
      description: 'Where emailed links land when the client names no path: the page that holds the element',
    }),
    allowed_redirect_origins: Type.Optional(
      Type.Array(Type.String({ pattern: ORIGIN_PATTERN }), { maxItems: 20, uniqueItems: true }),
    ),
    allowed_identifier: Type.Union([Identifier], { default: 'email' }),
    required_identifier: Type.Union([Identifier, Type.Literal('either')], { default: 'either' }),
    public_signup: Type.Boolean({ default: true }),
    require_identifier_verification: Type.Boolean({ default: false }),
    profile_management: Type.Boolean({ default: true }),
    auth_fallback_method: Type.Union(
      [Type.Literal('otp'), Type.Literal('magic_link'), Type.Literal('none')],
      {
        default: 'magic_link',
      },
    ),
    passage_branding: Type.Boolean({ default: false }),
    default_language: Type.String({ pattern: LANGUAGE_PATTERN, default: 'en' }),
    session_timeout_length: Type.Integer({ minimum: 60, maximum: 86400, default: 3600 }),
    user_metadata_schema: Type.Array(MetadataField, { default: [] }),
    layouts: Type.Object(
      {
        registration: Type.Array(LayoutItem, { default: [] }),
        profile: Type.Array(LayoutItem, { default: [] }),
      },
      { default: { registration: [], profile: [] } },
    ),
    element_customization: Type.Union([Customization], { default: {} }),
    element_customization_dark: Type.Union([Customization], { default: {} }),
    contact_to: Type.Optional(Type.String({ format: 'email' })),
    /** Social sign-in providers, in the order the buttons show (apps/social-settings.ts). */
    social_providers: Type.Optional(SocialProvidersSetting),
    /** Management API keys of the app, by their SHA-256 (`open-passage-server api-key` makes one). */
    api_keys: Type.Optional(
      Type.Array(
        Type.Object(
          {
            name: Type.String({ minLength: 1, maxLength: 128 }),
            sha256: Type.String({ pattern: SHA256_PATTERN }),
          },
          { additionalProperties: false },
        ),
        { maxItems: 50 },
      ),
    ),
  },
  { additionalProperties: false },
);

export type AppSettings = Static<typeof AppSettings>;

/**
 * App ids are letters and digits (app-settings.ts); routes take any text as an id, so anything else is
 * known to match no app without asking the database (PostgreSQL refuses a NUL in text, for one).
 */
export function couldBeAppId(id: string): boolean {
  return /^[A-Za-z0-9]{1,64}$/.test(id);
}

/**
 * Why `login_url` may not be the app's, or null. It is where emailed links land, and only a page on
 * auth_origin can activate them (CORS lets no other origin call the API), so unlike redirect_url it may
 * not name one of the allowed_redirect_origins. '' means "not set".
 */
function loginUrlProblem(app: Pick<AppSettings, 'login_url' | 'auth_origin'>): string | null {
  return app.login_url ? redirectUrlProblem(app.login_url, app.auth_origin) : null;
}

/**
 * The checks a schema cannot express: redirect_url is a path on the app's origin or an http(s) URL on
 * its auth_origin or one of its allowed_redirect_origins (never `javascript:`, `data:` or elsewhere);
 * login_url is a path or a URL on its auth_origin. Returns the field and why, or null.
 */
export function appSettingsProblem(app: AppSettings): { field: string; message: string } | null {
  const problem = redirectUrlProblem(app.redirect_url, app.auth_origin, app.allowed_redirect_origins);
  if (problem) return { field: 'redirect_url', message: problem };
  const loginProblem = loginUrlProblem(app);
  if (loginProblem) return { field: 'login_url', message: loginProblem };
  return socialProvidersProblem(app.social_providers ?? []);
}

/** The app's login_url, or '' when it has none (apps stored before the setting existed) or a broken one. */
export function servedLoginUrl(app: Pick<AppSettings, 'login_url' | 'auth_origin'>): string {
  return !app.login_url || loginUrlProblem(app) ? '' : app.login_url;
}

/**
 * The redirect_url the server hands out: an app stored before the redirect policy existed (through the
 * admin API) may still hold one it breaks; such an app sends users to "/" until its setting is fixed.
 */
export function servedRedirectUrl(
  app: Pick<AppSettings, 'redirect_url' | 'auth_origin' | 'allowed_redirect_origins'>,
): string {
  return redirectUrlProblem(app.redirect_url, app.auth_origin, app.allowed_redirect_origins)
    ? '/'
    : app.redirect_url;
}
