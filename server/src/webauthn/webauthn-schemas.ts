import Type from 'typebox';
import { AuthResultBody } from 'open-passage/contract';
import { errorResponses } from '../openapi/responses.js';
import { AppIdParams } from '../apps/app-scope.js';

export const DeviceParams = Type.Object({
  ...AppIdParams.properties,
  deviceId: Type.String({ minLength: 1, maxLength: 64 }),
});

export const passkeyErrors = errorResponses(400, 401, 403, 404);
/** The starts count sign-ups (register) and identifier lookups (login) against their limits. */
export const passkeyStartErrors = errorResponses(400, 401, 403, 404, 429);
export const ceremonyFinished = (status: 200 | 201) => ({ [status]: AuthResultBody, ...passkeyErrors });
