import type { AuthResult, WebAuthnHandshake } from './types';
import { PassageError } from './passage-error';

/**
 * Cheap checks that a 2xx answer has the shape the client relies on (the contract in src/contract
 * gives the full one): an HTML page from a proxy or another API then fails here, with the code
 * `unexpected_answer`, rather than as a TypeError further on.
 */
function unexpected(what: string): PassageError {
  return new PassageError(0, 'unexpected_answer', `The server's answer has no ${what}.`);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** `body[key]` when it is an object (or null where `nullable`). */
export function objectIn<T>(body: unknown, key: string, nullable = false): T {
  const value = isObject(body) ? body[key] : undefined;
  if (isObject(value) || (nullable && value === null)) return value as T;
  throw unexpected(key);
}

/** `body[key]` when it is a string. */
export function stringIn(body: unknown, key: string): string {
  const value = isObject(body) ? body[key] : undefined;
  if (typeof value === 'string') return value;
  throw unexpected(key);
}

/** The `auth_result` of a sign-in or refresh answer. */
export const authResultIn = (body: unknown): AuthResult => objectIn<AuthResult>(body, 'auth_result');

/** The `handshake` of a passkey ceremony's start: its id and the browser's options. */
export function handshakeIn(body: unknown): WebAuthnHandshake {
  const handshake = objectIn<WebAuthnHandshake>(body, 'handshake');
  stringIn(handshake, 'id');
  objectIn(objectIn(handshake, 'challenge'), 'publicKey');
  return handshake;
}
