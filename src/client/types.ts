// The wire types come from the contract (src/contract): types only, so no schema code is bundled.
import type {
  AuthResult as ContractAuthResult,
  CurrentUser as ContractCurrentUser,
  Handshake,
} from '../contract';

export type { Device, PublicUser, UserStatus, WebauthnType } from '../contract';

/** Which authenticator a new passkey is made on: this device, or a security key or phone. */
export type Attachment = 'platform' | 'cross-platform';

/** The WebAuthn ceremony a start route opens: its id and the options for the browser. */
export type WebAuthnHandshake = Handshake;

/** `GET /currentuser` (the fields the elements read). */
export interface CurrentUser extends Omit<ContractCurrentUser, 'social_connections'> {}

/** Tokens from every successful sign-in; Passage's own server may leave out the refresh token. */
export interface AuthResult extends Omit<ContractAuthResult, 'refresh_token' | 'refresh_token_expiration'> {
  refresh_token?: string;
  refresh_token_expiration?: number;
}
