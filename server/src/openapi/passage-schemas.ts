import Type, { type Static, type TSchema } from 'typebox';

/**
 * Response schemas of the Passage wire format, for the OpenAPI document and for
 * Fastify's serializer. A serializer drops every property a schema does not name, so each object
 * lists all its keys; open-ended parts (WebAuthn options, customization maps) are records.
 */

/** `{code, error}`: every refusal. */
export const ErrorBody = Type.Object(
  {
    code: Type.String({ description: 'Machine-readable code, e.g. `invalid_request`' }),
    error: Type.String({ description: 'Readable message' }),
  },
  { description: 'Error' },
);

/** The error answers a route documents, e.g. `errorResponses(400, 401, 404)`. */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorBody> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBody]));
}

/** A value or JSON null (a type list, which the serializer checks cheaply). */
export function orNull<T extends TSchema>(schema: T) {
  const { type } = schema as { type?: string };
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [type ?? 'object', 'null'] });
}

/** Anything JSON: the serializer passes it through as it is. */
const AnyObject = Type.Record(Type.String(), Type.Unknown());
const Timestamp = Type.String({ description: 'RFC 3339' });
const WebauthnTypes = Type.Array(Type.String(), {
  description: 'Some of `passkey`, `platform`, `security_key`; never null',
});

/** Public `User`. */
export const PublicUser = Type.Object({
  id: Type.String(),
  email: Type.String({ description: '"" when the user has none' }),
  email_verified: Type.Boolean(),
  phone: Type.String({ description: 'E.164, or "" when the user has none' }),
  phone_verified: Type.Boolean(),
  status: Type.Union([Type.Literal('active'), Type.Literal('inactive'), Type.Literal('pending')]),
  user_metadata: orNull(AnyObject),
  webauthn: Type.Boolean(),
  webauthn_types: WebauthnTypes,
});

/** A passkey as Passage's `Credential`. */
export const Device = Type.Object({
  id: Type.String(),
  cred_id: Type.String({ description: 'The credential id as the browser reports it (base64url)' }),
  user_id: Type.String(),
  friendly_name: Type.String(),
  type: Type.Union([Type.Literal('passkey'), Type.Literal('platform'), Type.Literal('security_key')]),
  usage_count: Type.Integer(),
  created_at: Timestamp,
  updated_at: Timestamp,
  last_login_at: Timestamp,
  icons: Type.Object({ light: orNull(Type.String()), dark: orNull(Type.String()) }),
});

/** `CurrentUser`. */
export const CurrentUser = Type.Object({
  ...PublicUser.properties,
  created_at: Timestamp,
  updated_at: Timestamp,
  last_login_at: Type.String({ description: 'RFC 3339, or "" before the first sign-in' }),
  login_count: Type.Integer(),
  webauthn_devices: Type.Array(Device),
  social_connections: AnyObject,
});

/** `auth_result`. */
export const AuthResult = Type.Object({
  auth_token: Type.String({ description: 'RS256 JWT' }),
  redirect_url: Type.String(),
  refresh_token: Type.String(),
  refresh_token_expiration: Type.Integer({ description: 'Unix seconds' }),
});

export const AuthResultBody = Type.Object({ auth_result: AuthResult });
export const UserBody = Type.Object({ user: PublicUser });
export const CurrentUserBody = Type.Object({ user: CurrentUser });
export const DeviceBody = Type.Object({ device: Device });
export const MagicLinkBody = Type.Object({
  magic_link: Type.Object({ id: Type.String({ description: '"" when nothing needs verifying' }) }),
});
export const EmptyBody = Type.Object({}, { description: 'Empty JSON object' });

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

/** The public `app` of `GET /v1/apps/{appId}`. */
export const AppInfo = Type.Object({
  id: Type.String(),
  name: Type.String(),
  auth_origin: Type.String(),
  redirect_url: Type.String(),
  login_url: Type.String(),
  rsa_public_key: Type.String(),
  ephemeral: Type.Boolean(),
  allowed_identifier: Type.String(),
  required_identifier: Type.String(),
  require_identifier_verification: Type.Boolean(),
  require_email_verification: Type.Boolean(),
  public_signup: Type.Boolean(),
  profile_management: Type.Boolean(),
  passage_branding: Type.Boolean(),
  default_language: Type.String(),
  session_timeout_length: Type.Integer(),
  auth_fallback_method: Type.String(),
  auth_fallback_method_ttl: Type.Integer(),
  auth_methods: AnyObject,
  social_connections: AnyObject,
  user_metadata_schema: Type.Array(AnyObject),
  layouts: Type.Object({ registration: Type.Array(AnyObject), profile: Type.Array(AnyObject) }),
  element_customization: AnyObject,
  element_customization_dark: AnyObject,
});
