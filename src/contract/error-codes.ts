/**
 * The `code` of every `{code, error}` answer the server sends, shared by the server and the browser
 * client: code branches on these, never on the readable `error` text. Plain data (no schema library),
 * one constant each, so the elements bundle only the codes they compare with. Passage's own codes
 * keep Passage's spelling (docs/server/auth-api.md#error-codes lists when each is sent).
 */
const INVALID_REQUEST = 'invalid_request';
const NOT_FOUND = 'not_found';
export const APP_NOT_FOUND = 'app_not_found';
const APP_EXISTS = 'app_exists';
/** 409 from the admin API: the app is declared in the apps file, which alone changes it. */
const APP_DECLARED_IN_FILE = 'app_declared_in_file';
const USER_NOT_FOUND = 'user_not_found';
/** 409 from the management API: another user of the app has this email or phone. */
const USER_ALREADY_EXISTS = 'user_already_exists';
const USER_NOT_ACTIVE = 'user_not_active';
const DEVICE_NOT_FOUND = 'device_not_found';
const MAGIC_LINK_NOT_FOUND = 'magic_link_not_found';
const SOCIAL_CONNECTION_NOT_FOUND = 'social_connection_not_found';
const OPERATION_NOT_ALLOWED = 'operation_not_allowed';

/** 403 on `POST /users` when the app has public sign-up off; the message starts with "Public signup". */
export const PUBLIC_SIGNUP_DISABLED = 'public_signup_disabled';
const INVALID_ACCESS_TOKEN = 'invalid_access_token';
const INVALID_REFRESH_TOKEN = 'invalid_refresh_token';
const REAUTHENTICATION_REQUIRED = 'reauthentication_required';
const WEBAUTHN_LOGIN_FAILED = 'webauthn_login_failed';
const DISCOVERABLE_LOGIN_FAILED = 'discoverable_login_failed';
const EXCEEDED_ATTEMPTS = 'exceeded_attempts';
const TOO_MANY_REQUESTS = 'too_many_requests';
export const ORIGIN_NOT_ALLOWED = 'origin_not_allowed';
const DATABASE_UNAVAILABLE = 'database_unavailable';
const INTERNAL_SERVER_ERROR = 'internal_server_error';

/** Every code, by name. */
export const ERROR_CODES = {
  INVALID_REQUEST,
  NOT_FOUND,
  APP_NOT_FOUND,
  APP_EXISTS,
  APP_DECLARED_IN_FILE,
  USER_NOT_FOUND,
  USER_ALREADY_EXISTS,
  USER_NOT_ACTIVE,
  DEVICE_NOT_FOUND,
  MAGIC_LINK_NOT_FOUND,
  SOCIAL_CONNECTION_NOT_FOUND,
  OPERATION_NOT_ALLOWED,
  PUBLIC_SIGNUP_DISABLED,
  INVALID_ACCESS_TOKEN,
  INVALID_REFRESH_TOKEN,
  REAUTHENTICATION_REQUIRED,
  WEBAUTHN_LOGIN_FAILED,
  DISCOVERABLE_LOGIN_FAILED,
  EXCEEDED_ATTEMPTS,
  TOO_MANY_REQUESTS,
  ORIGIN_NOT_ALLOWED,
  DATABASE_UNAVAILABLE,
  INTERNAL_SERVER_ERROR,
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
