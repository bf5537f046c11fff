import type { CurrentUser, Device } from '../../client/types';

/**
 * The detail of the `passageProfileChange` DOM event, fired for every change the profile makes or
 * sees, so a host page can react (refresh its own header, route to sign-in, …).
 */
export type ProfileChange =
  | { type: 'loaded'; user: CurrentUser }
  | { type: 'email-change-requested'; newEmail: string; confirmed: boolean }
  | { type: 'phone-change-requested'; newPhone: string; confirmed: boolean }
  | { type: 'metadata-updated'; userMetadata: Record<string, unknown> }
  | { type: 'device-added'; device: Device }
  | { type: 'device-renamed'; device: Device }
  | { type: 'device-deleted'; deviceId: string; wasCurrent: boolean }
  | { type: 'signed-out'; revoked: boolean }
  | { type: 'session-expired' }
  | { type: 'error'; action: string; message: string };
