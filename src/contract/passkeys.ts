import Type, { type Static } from 'typebox';

/** Request bodies of the passkey ceremonies, as Passage clients send them. */

const Base64Url = Type.String({ pattern: '^[A-Za-z0-9_-]*={0,2}$', maxLength: 65536 });

export const AuthenticatorAttachment = Type.Union([
  Type.Literal('platform'),
  Type.Literal('cross-platform'),
  Type.Literal('any'),
]);
export type AuthenticatorAttachment = Static<typeof AuthenticatorAttachment>;

/** What every PublicKeyCredential carries besides its `response`. */
const credentialFields = {
  id: Base64Url,
  rawId: Base64Url,
  type: Type.Literal('public-key'),
  authenticatorAttachment: Type.Optional(Type.Union([Type.String({ maxLength: 32 }), Type.Null()])),
  clientExtensionResults: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
};

/** `navigator.credentials.create()` as Passage clients send it (transports beside `response`). */
export const RegistrationCredential = Type.Object({
  ...credentialFields,
  response: Type.Object({
    attestationObject: Base64Url,
    clientDataJSON: Base64Url,
    transports: Type.Optional(Type.Array(Type.String({ maxLength: 32 }), { maxItems: 16 })),
  }),
  transports: Type.Optional(Type.Array(Type.String({ maxLength: 32 }), { maxItems: 16 })),
});
export type RegistrationCredential = Static<typeof RegistrationCredential>;

/** `navigator.credentials.get()`; `userHandle` is "" when the authenticator returned none. */
export const AuthenticationCredential = Type.Object({
  ...credentialFields,
  response: Type.Object({
    clientDataJSON: Base64Url,
    authenticatorData: Base64Url,
    signature: Base64Url,
    userHandle: Type.Optional(Type.Union([Base64Url, Type.Null()])),
  }),
});
export type AuthenticationCredential = Static<typeof AuthenticationCredential>;

export const HandshakeId = Type.String({ minLength: 1, maxLength: 64 });
export const UserId = Type.String({ minLength: 1, maxLength: 64 });

export const RegisterStartBody = Type.Object({
  identifier: Type.String({ minLength: 1, maxLength: 320 }),
  authenticator_attachment: Type.Optional(AuthenticatorAttachment),
});

export const RegisterFinishBody = Type.Object({
  user_id: UserId,
  handshake_id: HandshakeId,
  handshake_response: RegistrationCredential,
});

/** Conditional UI sends no body at all; identifier-first login sends the identifier. */
export const LoginStartBody = Type.Union([
  Type.Object({ identifier: Type.Optional(Type.String({ minLength: 1, maxLength: 320 })) }),
  Type.Null(),
]);

export const LoginFinishBody = Type.Object({
  user_id: Type.Optional(Type.Union([UserId, Type.Literal(''), Type.Null()])),
  handshake_id: HandshakeId,
  handshake_response: AuthenticationCredential,
});

export const AddDeviceStartBody = Type.Union([
  Type.Object({ authenticator_attachment: Type.Optional(AuthenticatorAttachment) }),
  Type.Null(),
]);

export const RenameDeviceBody = Type.Object({
  friendly_name: Type.String({ minLength: 1, maxLength: 64, pattern: '\\S' }),
});
