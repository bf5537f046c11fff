import Type, { type Static } from 'typebox';
import { SocialConnections } from './social.js';
import { AnyObject, IdentifierText, Language, orNull, StringEnum, Timestamp } from './common.js';

export const WebauthnType = StringEnum(['passkey', 'platform', 'security_key']);
export type WebauthnType = Static<typeof WebauthnType>;

export const UserStatus = StringEnum(['active', 'inactive', 'pending']);
export type UserStatus = Static<typeof UserStatus>;

/** Public `User`: what `GET /users?identifier=` and `POST /users` answer. */
export const PublicUser = Type.Object({
  id: Type.String(),
  email: Type.String({ description: '"" when the user has none' }),
  email_verified: Type.Boolean(),
  phone: Type.String({ description: 'E.164, or "" when the user has none' }),
  phone_verified: Type.Boolean(),
  status: UserStatus,
  user_metadata: orNull(AnyObject),
  webauthn: Type.Boolean(),
  webauthn_types: Type.Array(WebauthnType, { description: 'Never null' }),
});
export interface PublicUser extends Static<typeof PublicUser> {}

/** A passkey as Passage's `Credential`. */
export const Device = Type.Object({
  id: Type.String(),
  cred_id: Type.String({ description: 'The credential id as the browser reports it (base64url)' }),
  user_id: Type.String(),
  friendly_name: Type.String(),
  type: WebauthnType,
  usage_count: Type.Integer(),
  created_at: Timestamp,
  updated_at: Timestamp,
  last_login_at: Timestamp,
  icons: Type.Object({ light: orNull(Type.String()), dark: orNull(Type.String()) }),
});
export interface Device extends Static<typeof Device> {}

/** `CurrentUser`: the signed-in user with its passkeys. */
export const CurrentUser = Type.Object({
  ...PublicUser.properties,
  created_at: Timestamp,
  updated_at: Timestamp,
  last_login_at: Type.String({ description: 'RFC 3339, or "" before the first sign-in' }),
  login_count: Type.Integer(),
  webauthn_devices: Type.Array(Device),
  social_connections: SocialConnections,
});
export interface CurrentUser extends Static<typeof CurrentUser> {}

export const UserBody = Type.Object({ user: PublicUser });
export const MaybeUserBody = Type.Object({ user: orNull(PublicUser) });
export const CurrentUserBody = Type.Object({ user: CurrentUser });
export const DeviceBody = Type.Object({ device: Device });

/** `GET /users?identifier=`. */
export const UserLookupQuery = Type.Object({ identifier: IdentifierText });
/** `POST /users`: a pending user, with the registration fields of the app's metadata schema. */
export const CreateUserBody = Type.Object({
  identifier: IdentifierText,
  user_metadata: Type.Optional(Type.Union([AnyObject, Type.Null()])),
});
export type CreateUserBody = Static<typeof CreateUserBody>;

/** What an email or phone change takes besides the new identifier: the verification link's language and page. */
const ChangeOptions = {
  language: Type.Optional(Language),
  magic_link_path: Type.Optional(Type.String({ maxLength: 2048 })),
  redirect_url: Type.Optional(Type.String({ maxLength: 2048 })),
};
/** `PATCH /currentuser/email`, `/currentuser/phone`: answered with the verification link's id. */
export const ChangeEmailBody = Type.Object({ new_email: Type.String({ maxLength: 320 }), ...ChangeOptions });
export const ChangePhoneBody = Type.Object({ new_phone: Type.String({ maxLength: 64 }), ...ChangeOptions });
/** `GET /currentuser/user-metadata`, and the body of its PATCH. */
export const UserMetadataBody = Type.Object({ user_metadata: orNull(AnyObject) });
export const UpdateMetadataBody = Type.Object({ user_metadata: AnyObject });
