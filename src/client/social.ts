/**
 * Social sign-in as passage-js 3.14 does it (docs/sign-in-elements.md#social-sign-in): a random PKCE
 * verifier and state kept in sessionStorage, the S256 challenge sent to the server, which sends the
 * visitor to the provider and back to `redirect_uri` with `code` and `state`; the code and the
 * verifier then buy the tokens at `/social/token`.
 */
import type { KeyValueStorage } from './browser-storage';
import { PassageError } from './passage-error';
import { SOCIAL_STORAGE_KEYS, type SocialPending } from './social-storage';

/** base64url without padding. */
function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** `count` random decimal digits (passage-js sends a state of digits). */
function randomDigits(count: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(count));
  return Array.from(bytes, (byte) => String(byte % 10)).join('');
}

/** The S256 code challenge of a verifier: base64url(SHA-256(verifier)). */
export async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** What `/social/authorize` and the link call take besides the connection type. */
export interface SocialStart {
  connection_type: string;
  redirect_uri: string;
  code_challenge: string;
  code_challenge_method: 'S256';
  state: string;
}

/**
 * A new PKCE pair and state for `connection`, remembered in `storage` (sessionStorage): the verifier
 * never leaves this tab until the code comes back. Needs a secure context (crypto.subtle).
 */
export async function beginSocial(
  storage: KeyValueStorage | undefined,
  connection: string,
  redirectUri: string,
): Promise<SocialStart> {
  if (!storage || typeof crypto === 'undefined' || !crypto.subtle)
    throw new PassageError(
      0,
      'social_unavailable',
      'Social sign-in needs a secure page with sessionStorage.',
    );
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const state = randomDigits(24);
  storage.setItem(SOCIAL_STORAGE_KEYS.connection, connection);
  storage.setItem(SOCIAL_STORAGE_KEYS.state, state);
  storage.setItem(SOCIAL_STORAGE_KEYS.verifier, verifier);
  return {
    connection_type: connection,
    redirect_uri: redirectUri,
    code_challenge: await codeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  };
}

/** `GET …/social/authorize?…`: where the browser goes to sign in with the provider. */
export function authorizeUrl(apiBase: string, start: SocialStart): string {
  return `${apiBase}/social/authorize?${new URLSearchParams({ ...start })}`;
}

/** Forgets a pending social sign-in (it finished, failed, or its state did not match). */
export function clearSocial(storage: KeyValueStorage | undefined): void {
  for (const key of Object.values(SOCIAL_STORAGE_KEYS)) storage?.removeItem(key);
}

/** The query of `/social/token`: the code that came back and this tab's verifier. */
export function tokenQuery(code: string, pending: SocialPending | undefined): string {
  if (!pending) throw new PassageError(0, 'invalid_state', 'No social sign-in was started in this tab.');
  return new URLSearchParams({ code, verifier: pending.verifier }).toString();
}
