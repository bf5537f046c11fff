/** A failed API call: the HTTP status and the server's `{code, error}` (status 0 when the network failed). */
export class PassageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PassageError';
  }
}
