import type { AuthResult } from '../../client/types';
import type { HostEventName } from '../../flow/host-events';

/** `beforeAuth(identifier)`: return true to go on, false to veto (may be async). */
export type BeforeAuth = (identifier: string) => boolean | Promise<boolean>;
/** `onSuccess(authResult)`: replaces the default, which navigates to `redirect_url`. */
export type OnSuccess = (authResult: AuthResult) => void;
/** `onEvent(name, detail)`: every flow event of SPEC §4 (onLoaded, onRegisterDevice, …). */
export type OnEvent = (name: HostEventName, detail?: unknown) => void;

/** The default onSuccess: go to the app's redirect_url (relative URLs resolve against the page). */
export function navigateToRedirect(result: AuthResult): void {
  if (typeof location !== 'undefined') location.assign(result.redirect_url);
}
