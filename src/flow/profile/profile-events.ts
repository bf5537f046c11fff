import type { CurrentUser, Device } from '../../client/types';

/** Why the user asked to sign in again, carried by the `sign-in-requested` change. */
export type SignInReason = 'session-expired' | 'signed-out' | 'reauthentication-required';

/**
 * The detail of the `passageProfileChange` DOM event, fired for every change the profile makes or
 * sees, so a host page can react (refresh its own header, route to sign-in, …).
 */
export type ProfileChange =
  | { type: 'loaded'; user: CurrentUser }
  | { type: 'email-change-requested'; newEmail: string; confirmed: boolean }
  | { type: 'phone-change-requested'; newPhone: string; confirmed: boolean }
  /** The page was opened with a change confirmation link, which confirmed it (null: of an unknown kind). */
  | { type: 'identifier-change-confirmed'; identifier: 'email' | 'phone' | null }
  | { type: 'metadata-updated'; userMetadata: Record<string, unknown> }
  | { type: 'device-added'; device: Device }
  | { type: 'device-renamed'; device: Device }
  | { type: 'device-deleted'; deviceId: string; wasCurrent: boolean }
  /** A provider was linked (the page came back from it), or removed. */
  | { type: 'social-connected'; connection: string }
  | { type: 'social-removed'; connection: string }
  | { type: 'signed-out'; revoked: boolean }
  /** The session really ended (the server refused the token, or it could not be refreshed). */
  | { type: 'session-expired' }
  /** An action needs a more recent sign-in; the session itself is still valid. */
  | { type: 'reauthentication-required'; action: string }
  /** The user pressed "Sign in again". */
  | { type: 'sign-in-requested'; reason: SignInReason }
  | { type: 'error'; action: string; message: string };
