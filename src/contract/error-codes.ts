/**
 * The `code` of every `{code, error}` answer the server sends, shared by the server and the browser
 * client: code branches on these, never on the readable `error` text. Plain data (no schema library),
 * so the elements can import it at no cost. Passage's own codes keep Passage's spelling.
 */
export const ERROR_CODES = {
  INVALID_REQUEST: 'invalid_request',
  NOT_FOUND: 'not_found',
  APP_NOT_FOUND: 'app_not_found',
  APP_EXISTS: 'app_exists',
  USER_NOT_FOUND: 'user_not_found',
  USER_NOT_ACTIVE: 'user_not_active',
  DEVICE_NOT_FOUND: 'device_not_found',
  MAGIC_LINK_NOT_FOUND: 'magic_link_not_found',
  SOCIAL_CONNECTION_NOT_FOUND: 'social_connection_not_found',
  OPERATION_NOT_ALLOWED: 'operation_not_allowed',
  /** 403 on `POST /users` when the app has public sign-up off; the message starts with "Public signup". */
  PUBLIC_SIGNUP_DISABLED: 'public_signup_disabled',
  INVALID_ACCESS_TOKEN: 'invalid_access_token',
  INVALID_REFRESH_TOKEN: 'invalid_refresh_token',
  REAUTHENTICATION_REQUIRED: 'reauthentication_required',
  WEBAUTHN_LOGIN_FAILED: 'webauthn_login_failed',
  DISCOVERABLE_LOGIN_FAILED: 'discoverable_login_failed',
  EXCEEDED_ATTEMPTS: 'exceeded_attempts',
  TOO_MANY_REQUESTS: 'too_many_requests',
  ORIGIN_NOT_ALLOWED: 'origin_not_allowed',
  DATABASE_UNAVAILABLE: 'database_unavailable',
  INTERNAL_SERVER_ERROR: 'internal_server_error',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
