import Type, { type Static } from 'typebox';
import { AnyObject, StringEnum } from './common.js';
import { OfferedSocialConnections } from './social.js';

export const AllowedIdentifier = StringEnum(['email', 'phone', 'both']);
export type AllowedIdentifier = Static<typeof AllowedIdentifier>;
/** One kind of identifier: what `allowed_identifier` names, besides `both`. */
export type IdentifierType = Exclude<AllowedIdentifier, 'both'>;
export const FallbackMethod = StringEnum(['otp', 'magic_link', 'none']);
export type FallbackMethod = Static<typeof FallbackMethod>;
export const MetadataType = StringEnum(['string', 'boolean', 'integer', 'date', 'phone', 'email']);
export type MetadataType = Static<typeof MetadataType>;

/** One field of an app's `user_metadata_schema` (as the apps file and the admin API take it too). */
export const MetadataField = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  field_name: Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$' }),
  friendly_name: Type.String({ minLength: 1, maxLength: 128 }),
  type: MetadataType,
  registration: Type.Boolean({ default: true }),
  profile: Type.Boolean({ default: true }),
});
export interface MetadataField extends Static<typeof MetadataField> {}

/** Where a metadata field sits in the registration or profile form. */
export const LayoutItem = Type.Object({
  id: Type.String({ minLength: 1 }),
  x: Type.Integer({ minimum: 0 }),
  y: Type.Integer({ minimum: 0 }),
  w: Type.Integer({ minimum: 1 }),
  h: Type.Integer({ minimum: 1 }),
});
export interface LayoutItem extends Static<typeof LayoutItem> {}

/** CSS custom property values of the elements' look. */
export const Customization = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]));
export type Customization = Static<typeof Customization>;
/** The same, answered as a plain map (the serializer then checks no value). */
const CustomizationAnswer = Type.Unsafe<Static<typeof Customization>>(AnyObject);

/** The public `app` of `GET /v1/apps/{appId}`: every setting Passage clients read. */
export const AppInfo = Type.Object({
  id: Type.String(),
  name: Type.String(),
  auth_origin: Type.String(),
  redirect_url: Type.String(),
  login_url: Type.String(),
  rsa_public_key: Type.String(),
  ephemeral: Type.Boolean(),
  allowed_identifier: AllowedIdentifier,
  required_identifier: StringEnum(['email', 'phone', 'both', 'either']),
  require_identifier_verification: Type.Boolean(),
  require_email_verification: Type.Boolean(),
  public_signup: Type.Boolean(),
  profile_management: Type.Boolean(),
  passage_branding: Type.Boolean(),
  default_language: Type.String(),
  session_timeout_length: Type.Integer(),
  auth_fallback_method: FallbackMethod,
  auth_fallback_method_ttl: Type.Integer(),
  auth_methods: AnyObject,
  social_connections: OfferedSocialConnections,
  user_metadata_schema: Type.Array(MetadataField),
  layouts: Type.Object({ registration: Type.Array(LayoutItem), profile: Type.Array(LayoutItem) }),
  element_customization: CustomizationAnswer,
  element_customization_dark: CustomizationAnswer,
});
export interface AppInfo extends Static<typeof AppInfo> {}

export const AppInfoBody = Type.Object({ app: AppInfo });
