import type { AppSettings } from '../apps/app-settings.js';

/** How long the browser may take, and how long the server keeps the challenge (WebAuthn recommends 300–600 s). */
export const CEREMONY_TIMEOUT_MS = 300_000;

export interface RelyingParty {
  /** The host of the app's auth_origin: passkeys are scoped to it. */
  id: string;
  name: string;
  /** The exact origins a ceremony may come from: only the app's auth_origin. */
  origins: string[];
}

/** The WebAuthn relying party of an app, derived from its auth_origin alone. */
export function relyingPartyOf(app: Pick<AppSettings, 'name' | 'auth_origin'>): RelyingParty {
  const origin = new URL(app.auth_origin);
  return { id: origin.hostname, name: app.name, origins: [origin.origin] };
}
