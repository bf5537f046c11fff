/** What the browser can do with passkeys , detected by the client. */
export interface BrowserFeatures {
  /** WebAuthn usable at all (API present and the app's auth_origin is this page's origin). */
  isAvailable: boolean;
  /** A user-verifying platform authenticator (Touch ID, Windows Hello, …). */
  platform: boolean;
  /** Roaming authenticators (USB / NFC security keys). */
  securityKey: boolean;
  /** Passkeys synced across the user's devices. */
  syncedCredential: boolean;
  /** Signing in with a phone nearby (hybrid transport). */
  crossDeviceCredential: boolean;
  /** Passkey autofill (conditional mediation); off for Safari below 16.4. */
  conditionalUI: boolean;
  /** The browser itself can tell whether it holds a credential for the user; when it cannot, a
   * passkey user on a platform browser is simply asked to try. */
  credentialLookupNative: boolean;
}

export const NO_FEATURES: BrowserFeatures = {
  isAvailable: false,
  platform: false,
  securityKey: false,
  syncedCredential: false,
  crossDeviceCredential: false,
  conditionalUI: false,
  credentialLookupNative: false,
};

/** Safari below 16.4 gets no conditional UI. */
export function conditionalUiAllowed(userAgent: string): boolean {
  if (!/Safari\//.test(userAgent) || /(Chrome|Chromium|Edg|CriOS|FxiOS|Android)\//.test(userAgent))
    return true;
  const m = /Version\/(\d+)(?:\.(\d+))?/.exec(userAgent);
  if (!m) return true;
  const [major, minor] = [Number(m[1]), Number(m[2] ?? 0)];
  return major > 16 || (major === 16 && minor >= 4);
}
