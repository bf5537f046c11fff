/** A failed API call: the HTTP status and the server's `{code, error}` (status 0 when the network failed). */
export class PassageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** The server's whole JSON answer, when it says more than `{code, error}` (as the app info's 403 does). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'PassageError';
  }
}
