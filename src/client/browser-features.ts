import type { AppInfo } from './app-info';
import { type BrowserFeatures, conditionalUiAllowed, NO_FEATURES } from './features';

/** The platform-authenticator check gives up after 1000 ms. */
const PLATFORM_CHECK_TIMEOUT_MS = 1000;

/** WebAuthn is only used when the app's auth_origin is this page's origin. */
export function checkWebauthnConfig(
  app: Pick<AppInfo, 'auth_origin'>,
  origin = globalThis.location?.origin,
): boolean {
  const normalise = (o: string) => o.replace(/\/+$/, '').replace('//127.0.0.1', '//localhost');
  return Boolean(origin) && normalise(app.auth_origin) === normalise(origin!);
}

function withTimeout<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return Promise.race([
    promise.catch(() => fallback),
    new Promise<T>((r) => setTimeout(() => r(fallback), ms)),
  ]);
}

interface ClientCapabilities {
  hybridTransport?: boolean;
  passkeyPlatformAuthenticator?: boolean;
}

/** Detects what the browser can do; everything false on a misconfigured origin or without WebAuthn. */
export async function detectBrowserFeatures(app: AppInfo): Promise<BrowserFeatures> {
  const pkc = (globalThis as { PublicKeyCredential?: typeof PublicKeyCredential }).PublicKeyCredential;
  if (!pkc || !checkWebauthnConfig(app)) return NO_FEATURES;
  const platform = await withTimeout(
    pkc.isUserVerifyingPlatformAuthenticatorAvailable(),
    PLATFORM_CHECK_TIMEOUT_MS,
    false,
  );
  const conditional =
    typeof pkc.isConditionalMediationAvailable === 'function'
      ? await pkc.isConditionalMediationAvailable().catch(() => false)
      : false;
  const getCaps = (pkc as unknown as { getClientCapabilities?: () => Promise<ClientCapabilities> })
    .getClientCapabilities;
  const caps: ClientCapabilities = getCaps ? await getCaps.call(pkc).catch(() => ({})) : {};
  return {
    isAvailable: true,
    platform,
    securityKey: true,
    syncedCredential: caps.passkeyPlatformAuthenticator ?? false,
    crossDeviceCredential: caps.hybridTransport ?? false,
    conditionalUI: conditional && conditionalUiAllowed(navigator.userAgent),
    credentialLookupNative: false,
  };
}
