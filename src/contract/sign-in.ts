import Type, { type Static } from 'typebox';
import { IdentifierText, Language } from './common.js';
import { PublicUser } from './users.js';

/** `auth_result`: the tokens every successful sign-in and refresh answers. */
export const AuthResult = Type.Object({
  auth_token: Type.String({ description: 'RS256 JWT' }),
  redirect_url: Type.String(),
  refresh_token: Type.String(),
  refresh_token_expiration: Type.Integer({ description: 'Unix seconds' }),
});
export interface AuthResult extends Static<typeof AuthResult> {}

export const AuthResultBody = Type.Object({ auth_result: AuthResult });
export interface AuthResultBody extends Static<typeof AuthResultBody> {}

/** `POST /register/otp`, `/login/otp`: where the code goes. */
export const SendCodeBody = Type.Object({ identifier: IdentifierText, language: Type.Optional(Language) });
export const CodeSentBody = Type.Object({
  otp_id: Type.String({ description: 'Echoed in `POST /otp/activate`' }),
});
export type CodeSentBody = Static<typeof CodeSentBody>;
export const ActivateCodeBody = Type.Object({
  otp: Type.String({ minLength: 1, maxLength: 16 }),
  otp_id: Type.String({ minLength: 1, maxLength: 64 }),
});

/** `POST /register/magic-link`, `/login/magic-link`: where the link goes and which page it opens. */
export const SendLinkBody = Type.Object({
  identifier: IdentifierText,
  magic_link_path: Type.Optional(Type.String({ maxLength: 2048 })),
  language: Type.Optional(Language),
});
export const MagicLinkBody = Type.Object({
  magic_link: Type.Object({ id: Type.String({ description: '"" when nothing needs verifying' }) }),
});
export type MagicLinkBody = Static<typeof MagicLinkBody>;
export const ActivateLinkBody = Type.Object({ magic_link: Type.String({ minLength: 1, maxLength: 256 }) });
export const LinkStatusBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** `POST /tokens` (refresh) and `DELETE /tokens?refresh_token=` (sign-out). */
const RefreshToken = Type.String({ minLength: 1, maxLength: 512 });
export const RefreshBody = Type.Object({ refresh_token: RefreshToken });
export const SignOutQuery = Type.Object({ refresh_token: RefreshToken });

/** The app's signing keys, as `/.well-known/jwks.json` serves them. */
export const JwksBody = Type.Object({
  keys: Type.Array(
    Type.Object({
      kty: Type.String(),
      kid: Type.String(),
      use: Type.String(),
      alg: Type.String(),
      n: Type.String(),
      e: Type.String(),
    }),
  ),
});

/** `/.well-known/openid-configuration`: where an app's tokens come from. */
export const OpenIdConfiguration = Type.Object({
  issuer: Type.String({ description: 'The `iss` of the app’s auth tokens' }),
  authorization_endpoint: Type.String(),
  jwks_uri: Type.String(),
  social_connections_supported: Type.Array(Type.String(), {
    description:
      'The social providers the app offers at `authorization_endpoint` (connection types, in button order)',
  }),
});

/** WebAuthn options as handed to `navigator.credentials.*`. */
export const Handshake = Type.Object({
  id: Type.String({ description: 'Echoed as `handshake_id` in the finish call' }),
  challenge: Type.Object({
    publicKey: Type.Unsafe<object>({
      type: 'object',
      additionalProperties: true,
      description: 'PublicKeyCredentialCreationOptions / RequestOptions, binary members base64url',
    }),
  }),
});
export interface Handshake extends Static<typeof Handshake> {}

/** Answers of the passkey ceremonies' start routes. */
export const CeremonyStarted = Type.Object({ handshake: Handshake, user: PublicUser });
export interface CeremonyStarted extends Static<typeof CeremonyStarted> {}
export const LoginStarted = Type.Object({ handshake: Handshake, user: Type.Optional(PublicUser) });
export interface LoginStarted extends Static<typeof LoginStarted> {}
