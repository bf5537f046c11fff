import type { AuthResult } from '../../client/types';
import type { HostEventArgs } from '../../flow/host-events';

/** `beforeAuth(identifier)`: return true to go on, false to veto (may be async). */
export type BeforeAuth = (identifier: string) => boolean | Promise<boolean>;
/** `onSuccess(authResult)`: replaces the default, which navigates to `redirect_url`. */
export type OnSuccess = (authResult: AuthResult) => void;
/**
 * `onEvent(name, detail)`: every flow event (onLoaded, onRegisterDevice, …); the detail's
 * type follows the name (`if (name === 'onLoaded') detail.app`).
 */
export type OnEvent = (...event: HostEventArgs) => void;

// The DOM events: a module of their own, in the elements' first chunk (./host-event-emit.ts).
export { type HostEmitters, hostEventDomName } from './host-event-emit';

/**
 * Where a redirect_url leads once resolved against the page, when that is an http(s) URL; null for
 * `javascript:`, `data:` and any other scheme, or what does not parse. The server already refuses such
 * settings; this keeps a stored or tampered value from running script in the host page.
 */
export function safeRedirectTarget(url: string, pageHref: string): string | null {
  if (!url.trim()) return null;
  let target: URL;
  try {
    target = new URL(url, pageHref);
  } catch {
    return null;
  }
  return target.protocol === 'https:' || target.protocol === 'http:' ? target.href : null;
}

/** The default onSuccess: go to the app's redirect_url (relative URLs resolve against the page). */
export function navigateToRedirect(result: AuthResult): void {
  if (typeof location === 'undefined') return;
  const target = safeRedirectTarget(result.redirect_url, location.href);
  if (target) location.assign(target);
  else console.warn(`passage-auth: not navigating to redirect_url ${JSON.stringify(result.redirect_url)}`);
}
