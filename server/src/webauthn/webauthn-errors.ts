import { ERROR_CODES } from 'open-passage/contract';
import { ApiError } from '../http/api-error.js';

export { userNotActive } from '../sign-in/auth-results.js';

/** The refusals of the passkey endpoints, with Passage's codes. */
export const webauthnFailed = (message = 'The passkey could not be verified.') =>
  new ApiError(401, ERROR_CODES.WEBAUTHN_LOGIN_FAILED, message);
export const discoverableLoginFailed = (message = 'The passkey could not be verified.') =>
  new ApiError(401, ERROR_CODES.DISCOVERABLE_LOGIN_FAILED, message);
export const userNotFound = () =>
  new ApiError(404, ERROR_CODES.USER_NOT_FOUND, 'No user with this identifier exists.');
export const deviceNotFound = () =>
  new ApiError(404, ERROR_CODES.DEVICE_NOT_FOUND, 'No passkey with this id exists.');
