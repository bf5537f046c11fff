import { ERROR_CODES } from 'open-passage/contract';
/**
 * An error answered as Passage's `{code, error}` body with the given HTTP status; `retryAfter` (seconds)
 * becomes the answer's `Retry-After` (every 429 has one: see the error handler).
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const appNotFound = () => new ApiError(404, ERROR_CODES.APP_NOT_FOUND, 'No app with this id exists.');
export const invalidRequest = (message: string) => new ApiError(400, ERROR_CODES.INVALID_REQUEST, message);
