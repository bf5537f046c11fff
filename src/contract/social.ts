import Type, { type Static } from 'typebox';
import { Timestamp } from './common.js';

/**
 * Social sign-in (Passage's §4.10 wire format, docs/server/auth-api.md). A connection type is
 * `google`, `github`, `apple`, or the id an app gives an OpenID Connect provider it adds by issuer.
 */
export const BUILT_IN_SOCIAL_PROVIDERS = ['google', 'github', 'apple'] as const;
export type BuiltInSocialProvider = (typeof BUILT_IN_SOCIAL_PROVIDERS)[number];
/** What a connection type looks like: a lowercase letter, then up to 31 lowercase letters, digits or `-`. */
export const SOCIAL_CONNECTION_TYPE_PATTERN = '^[a-z][a-z0-9-]{0,31}$';
export const SocialConnectionType = Type.String({
  pattern: SOCIAL_CONNECTION_TYPE_PATTERN,
  description: '`google`, `github`, `apple`, or the id of an OpenID Connect provider the app adds',
});

/**
 * One offered provider in the app info's `social_connections` (keys in the order the buttons show).
 * Passage answered `{client_id}`; `name` is the button's label ("Google", or the app's name for its
 * own OpenID Connect provider).
 */
export const OfferedSocialConnection = Type.Object({
  client_id: Type.String(),
  name: Type.String(),
});
export interface OfferedSocialConnection extends Static<typeof OfferedSocialConnection> {}
export const OfferedSocialConnections = Type.Record(SocialConnectionType, OfferedSocialConnection);

/** One provider identity linked to a user (Passage's `SocialConnection`). */
export const SocialConnection = Type.Object({
  provider_id: Type.String({ description: "The provider's subject for this user" }),
  provider_identifier: Type.String({ description: 'The email or login the provider showed' }),
  created_at: Timestamp,
  last_login_at: Timestamp,
});
export interface SocialConnection extends Static<typeof SocialConnection> {}
export const SocialConnections = Type.Record(SocialConnectionType, SocialConnection);
export const SocialConnectionsBody = Type.Object({ social_connections: SocialConnections });

const SocialText = Type.String({ minLength: 1, maxLength: 2048 });
/** PKCE start, as passage-js `authorizeWith` navigates to it (`GET …/social/authorize`). */
export const SocialAuthorizeQuery = Type.Object({
  connection_type: SocialConnectionType,
  redirect_uri: SocialText,
  code_challenge: SocialText,
  code_challenge_method: Type.Literal('S256'),
  state: Type.Optional(SocialText),
});
/** `GET …/social/token?code=&verifier=` (passage-js `finishSocialAuthentication`). */
export const SocialTokenQuery = Type.Object({ code: SocialText, verifier: SocialText });

/**
 * `POST …/currentuser/social-connections/link`: the signed-in user links a provider. The answer's `url`
 * is navigated to like `/social/authorize`; it comes back to `redirect_uri` the same way, and the
 * `code` it brings is exchanged at `/social/token` (signing the same user in).
 */
export const SocialLinkBody = Type.Object({
  connection_type: SocialConnectionType,
  redirect_uri: SocialText,
  code_challenge: SocialText,
  code_challenge_method: Type.Literal('S256'),
  state: Type.Optional(SocialText),
});
export const SocialLinkAnswer = Type.Object({ url: Type.String() });

/**
 * What the server appends to `redirect_uri` when it comes back from the provider: `code` and `state` on
 * success, else `error` (one of these), `error_description` (readable) and `state`.
 */
export const SOCIAL_CALLBACK_ERRORS = [
  /** The user declined on the provider's page. */
  'access_denied',
  /** The provider answered an error or could not be reached. */
  'provider_error',
  /** The state is unknown, used, expired, or from another browser. */
  'invalid_state',
  /** The provider's answer failed a check (issuer, nonce, signature). */
  'invalid_response',
  /** The provider's email is taken here by a user it cannot be linked to (not verified on both sides). */
  'account_exists',
  /** Linking: this provider identity is already linked to another user. */
  'connection_in_use',
  /** Sign-up through the provider is off (the app has public sign-up off) or the user is inactive. */
  'not_allowed',
] as const;
export type SocialCallbackError = (typeof SOCIAL_CALLBACK_ERRORS)[number];
