import { ApiError } from '../http/api-error.js';

export { userNotActive } from '../sign-in/auth-results.js';

/** The refusals of the passkey endpoints, with Passage's codes. */
export const webauthnFailed = (message = 'The passkey could not be verified.') =>
  new ApiError(401, 'webauthn_login_failed', message);
export const discoverableLoginFailed = (message = 'The passkey could not be verified.') =>
  new ApiError(401, 'discoverable_login_failed', message);
export const userNotFound = () => new ApiError(404, 'user_not_found', 'No user with this identifier exists.');
export const deviceNotFound = () => new ApiError(404, 'device_not_found', 'No passkey with this id exists.');
