import { ErrorBody } from 'open-passage/contract';

/** The error answers a route documents, e.g. `errorResponses(400, 401, 404)`: each the `{code, error}` body. */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorBody> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBody]));
}
