/** An error answered as Passage's `{code, error}` body with the given HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const appNotFound = () => new ApiError(404, 'app_not_found', 'No app with this id exists.');
export const invalidRequest = (message: string) => new ApiError(400, 'invalid_request', message);
