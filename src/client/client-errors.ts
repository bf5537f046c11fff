import { PassageError } from './passage-error';

/** Client-side pseudo status codes (as Passage's client; never sent by the server). */
export const CLIENT_ERRORS = {
  PSGCredObjectDoesNotExist: 700,
  PSGParsePublicKeyForNewDeviceFailed: 701,
  PSGParsePublicKeyForLoginFailed: 702,
  PSGUserCredentialUnavailable: 703,
  PSGLoginRequired: 704,
} as const;

export type ClientErrorCode = keyof typeof CLIENT_ERRORS;

export function clientError(code: ClientErrorCode, cause?: unknown): PassageError {
  const detail = cause instanceof Error ? cause.message : '';
  const error = new PassageError(CLIENT_ERRORS[code], code, detail || code);
  if (cause !== undefined) (error as Error & { cause?: unknown }).cause = cause;
  return error;
}
