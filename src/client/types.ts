export type WebauthnType = 'passkey' | 'platform' | 'security_key';

/** Which authenticator a new passkey is made on: this device, or a security key or phone. */
export type Attachment = 'platform' | 'cross-platform';

/** The WebAuthn ceremony a start route opens: its id and the options for the browser. */
export interface WebAuthnHandshake {
  id: string;
  challenge: { publicKey: Record<string, unknown> };
}
export type UserStatus = 'active' | 'inactive' | 'pending' | '';

/** A user as `GET /users?identifier=` and `POST /users` return it. */
export interface PublicUser {
  id: string;
  email: string;
  email_verified: boolean;
  phone: string;
  phone_verified: boolean;
  status: UserStatus;
  user_metadata: Record<string, unknown> | null;
  webauthn: boolean;
  webauthn_types: WebauthnType[];
}

/** `GET /currentuser` (the fields the elements read; profile reads more). */
export interface CurrentUser extends PublicUser {
  created_at: string;
  updated_at: string;
  last_login_at: string;
  login_count: number;
  webauthn_devices: Device[];
}

export interface Device {
  id: string;
  cred_id: string;
  user_id: string;
  friendly_name: string;
  type: WebauthnType;
  usage_count: number;
  created_at: string;
  updated_at: string;
  last_login_at: string;
  icons: { light: string | null; dark: string | null };
}

/** Tokens from every successful sign-in. */
export interface AuthResult {
  auth_token: string;
  redirect_url: string;
  refresh_token?: string;
  refresh_token_expiration?: number;
}
