/** The routing rules of the widget flow as pure functions (no I/O), so every branch is unit-tested. */
import type { AllowedIdentifier, AppInfo, FallbackMethod } from '../client/app-info';
import type { Attachment, PublicUser } from '../client/types';
import type { BrowserFeatures } from '../client/features';
import type { FlowMessageKey, IdentifierType } from './view-state';

/** auth_fallback_method, magic link when absent. */
export const fallbackMethodOf = (app: AppInfo): FallbackMethod => app.auth_fallback_method ?? 'magic_link';

/** CreatedUser: passkey registration, or the fallback marked as registering. */
export function afterUserCreated(app: AppInfo, features: BrowserFeatures): 'register-passkey' | 'fallback' {
  const passkeys = features.isAvailable && features.securityKey;
  return passkeys && !app.require_identifier_verification ? 'register-passkey' : 'fallback';
}

/** The app demands verification and the identifier used is unverified. */
export function identityVerificationRequired(app: AppInfo, user: PublicUser, type: IdentifierType): boolean {
  if (!app.require_identifier_verification) return false;
  return type === 'email' ? !user.email_verified : !user.phone_verified;
}

export interface LoginContext {
  app: AppInfo;
  user: PublicUser;
  identifierType: IdentifierType;
  features: BrowserFeatures;
  /** A credential id for this user is remembered in this browser (psg_cred_obj). */
  credIdKnown: boolean;
}

/** LoginUser: the error screen, verify identity (passkey login) or the fallback (not user-initiated). */
export function routeLogin(c: LoginContext): 'login-not-supported' | 'passkey-login' | 'fallback' {
  const types = c.user.webauthn_types;
  const method = fallbackMethodOf(c.app);
  if (types.length === 0 && method === 'none') return 'login-not-supported';
  if (identityVerificationRequired(c.app, c.user, c.identifierType)) return 'fallback';
  const features = c.features;
  if (!features.isAvailable) return 'fallback';
  const passkey = types.includes('passkey');
  const tryPasskey =
    ((features.syncedCredential || features.crossDeviceCredential) && passkey) ||
    (types.includes('platform') && features.platform && c.credIdKnown) ||
    (types.includes('security_key') && features.securityKey) ||
    (features.platform && method === 'none') ||
    (passkey && features.platform && !features.credentialLookupNative);
  return tryPasskey ? 'passkey-login' : 'fallback';
}

/**
 * The passkey login LoginUser routes to is the "Verify identity" screen ("We don't recognize this
 * device") when this browser remembers no credential of the user (a synced, cross-device or
 * security-key passkey), and the plain webauthn sign-in ("Sign in to your account") when it does.
 */
export const passkeyLoginVerifiesIdentity = (credIdKnown: boolean): boolean => !credIdKnown;

/** FallbackAuth: the screen for the method. Method none: device-not-supported when registering
 * without passkeys, else the no-fallback error screen. */
export function routeFallback(
  method: FallbackMethod,
  registering: boolean,
  features: BrowserFeatures,
): 'one-time-code' | 'magic-link-sent' | 'device-not-supported' | 'no-fallback' {
  if (method === 'otp') return 'one-time-code';
  if (method === 'magic_link') return 'magic-link-sent';
  return registering && !(features.isAvailable && features.securityKey)
    ? 'device-not-supported'
    : 'no-fallback';
}

/** FallbackAuthSuccess: straight to AuthSuccess, or offer to add a passkey (post-fallback screen). */
export function afterFallbackSuccess(
  features: BrowserFeatures,
  userInitiated: boolean,
): 'auth-success' | 'add-device' {
  return !(features.isAvailable && features.platform) || userInitiated ? 'auth-success' : 'add-device';
}

/**
 * Whether a passkey step opens the browser's prompt as soon as it shows: only where the browser reported
 * a platform authenticator (Touch ID, Windows Hello, …). Elsewhere the prompt would ask for a security
 * key or a phone the visitor may not have, so it waits for the step's button.
 */
export const promptOnEntry = (features: BrowserFeatures): boolean =>
  features.isAvailable && features.platform;

/** The authenticator a new passkey asks for when the visitor did not choose: this device's, if it has
 * one, else a security key or phone. */
export const defaultAttachment = (features: BrowserFeatures): Attachment =>
  features.platform ? 'platform' : 'cross-platform';

/**
 * The browser's passkey request ended without a passkey: WebAuthn rejects with `NotAllowedError` when
 * the visitor closed the prompt, it timed out, this device has no passkey the request accepts, or the
 * page was not focused (it does not tell these apart, so a page cannot learn which passkeys a device
 * holds), and with `AbortError` when the request was aborted; the client wraps it as a 701 / 702 with
 * it as the `cause`. That is no failure to report as one: the step says so in neutral words and offers
 * its ways on.
 */
export function promptDismissed(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const name = (e as { name?: unknown }).name;
    if (name === 'NotAllowedError' || name === 'AbortError') return true;
  }
  return false;
}

/** What a passkey view (or the add-passkey offer) shows after such a request: cancelled, or not completed. */
export const PROMPT_CLOSED = { error: { key: 'passkey-prompt-closed' }, cancelled: true } as const;

/** The failure text of a passkey ceremony, by fallback method. */
export function passkeyFailureMessage(ceremony: 'create' | 'login', method: FallbackMethod): FlowMessageKey {
  const suffix = method === 'otp' ? 'try-code' : method === 'magic_link' ? 'try-link' : 'no-fallback';
  return `passkey-${ceremony}-fail-${suffix}` as FlowMessageKey;
}

/** The identifier to remember: the one entered, else the user's email or phone (email first when both). */
export function lastLoginIdentifier(
  allowed: AllowedIdentifier,
  entered: string | undefined,
  user?: { email: string; phone: string },
): string | undefined {
  if (entered) return entered;
  if (!user) return undefined;
  if (allowed === 'phone') return user.phone || undefined;
  if (allowed === 'email') return user.email || undefined;
  return user.email || user.phone || undefined;
}

/** AuthSuccess needs both tokens and a destination (otherwise nothing happens, as in Passage). */
export const isCompleteAuthResult = (
  r: { auth_token?: string; redirect_url?: string } | undefined,
): boolean => Boolean(r?.auth_token && r.redirect_url);
