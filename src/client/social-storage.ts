/**
 * The PKCE state of a social sign-in between leaving for the provider and coming back, in
 * sessionStorage under passage-js's names (docs/sign-in-elements.md#social-sign-in): a page that uses
 * passage-js can finish a sign-in the elements started, and the other way round. Small on purpose:
 * the elements read it on their first load.
 */
import type { KeyValueStorage } from './browser-storage';

export const SOCIAL_STORAGE_KEYS = {
  connection: 'oauth2Connection',
  state: 'oauth2State',
  verifier: 'oauth2Verifier',
} as const;

/** A social sign-in this tab started: the provider, the state sent, the PKCE verifier. */
export interface SocialPending {
  connection: string;
  state: string;
  verifier: string;
}

/** sessionStorage, or nothing where it is unavailable (server render, storage disabled). */
export function sessionStore(): KeyValueStorage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function readSocialPending(storage = sessionStore()): SocialPending | undefined {
  const read = (key: string) => storage?.getItem(key) ?? '';
  const pending = {
    connection: read(SOCIAL_STORAGE_KEYS.connection),
    state: read(SOCIAL_STORAGE_KEYS.state),
    verifier: read(SOCIAL_STORAGE_KEYS.verifier),
  };
  return pending.state && pending.verifier ? pending : undefined;
}
