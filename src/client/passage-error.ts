/**
 * A failed API call: the HTTP status and the server's `{code, error}` (status 0 when the network failed),
 * with the answer's `Retry-After` seconds when it had one.
 */
export class PassageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** The server's whole JSON answer, when it says more than `{code, error}` (as the app info's 403 does). */
    readonly body?: unknown,
    /** Seconds to wait before trying again: a 429's `Retry-After` (absent when it gave none). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'PassageError';
  }
}
