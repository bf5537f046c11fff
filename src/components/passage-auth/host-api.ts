import type { AuthResult } from '../../client/types';
import type { HostEventArgs, HostEventDetails, HostEventName } from '../../flow/host-events';

/** `beforeAuth(identifier)`: return true to go on, false to veto (may be async). */
export type BeforeAuth = (identifier: string) => boolean | Promise<boolean>;
/** `onSuccess(authResult)`: replaces the default, which navigates to `redirect_url`. */
export type OnSuccess = (authResult: AuthResult) => void;
/**
 * `onEvent(name, detail)`: every flow event (onLoaded, onRegisterDevice, …); the detail's
 * type follows the name (`if (name === 'onLoaded') detail.app`).
 */
export type OnEvent = (...event: HostEventArgs) => void;

/** What the elements' @Event emitters look like: the event name without `on`, first letter lower. */
export type HostEmitters = {
  [K in HostEventName as K extends `on${infer Rest}` ? Uncapitalize<Rest> : never]: {
    emit(detail: HostEventDetails[K]): unknown;
  };
};

/** Dispatches a flow event as the element's DOM CustomEvent (`onMagicLinkActivated` → `magicLinkActivated`). */
export function emitHostEvent(element: HostEmitters, ...[name, detail]: HostEventArgs): void {
  const key = `${name.charAt(2).toLowerCase()}${name.slice(3)}` as keyof HostEmitters;
  (element[key] as { emit(detail: unknown): unknown }).emit(detail);
}

/** The default onSuccess: go to the app's redirect_url (relative URLs resolve against the page). */
export function navigateToRedirect(result: AuthResult): void {
  if (typeof location !== 'undefined') location.assign(result.redirect_url);
}
