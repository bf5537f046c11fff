/**
 * The wire contract of the open-passage API (`open-passage/contract`): TypeBox schemas of every
 * request and answer, their static types, and the error codes. The server validates, serializes and
 * documents with these schemas; the browser client takes only their types (`import type`), so no
 * schema code reaches the elements' bundle. Object types are interfaces
 * (`interface Device extends Static<typeof Device> {}`) so editors and the elements' docs show their names.
 */
export * from './app-info.js';
export * from './common.js';
export { ERROR_CODES, type ErrorCode } from './error-codes.js';
export * from './passkeys.js';
export * from './sign-in.js';
export * from './social.js';
export * from './users.js';
