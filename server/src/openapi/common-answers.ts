import { ErrorBody } from 'open-passage/contract';
import { MAX_PARAM_LENGTH } from '../http/error-handler.js';

interface Answer {
  description?: string;
  content?: Record<string, { schema?: unknown }>;
  $ref?: string;
}
interface Operation {
  responses?: Record<string, Answer>;
}
export interface OpenApiObject {
  paths?: Record<string, Record<string, Operation>>;
  components?: { responses?: Record<string, Answer> } & Record<string, unknown>;
}

const errorAnswer = (description: string): Answer => ({
  description,
  content: { 'application/json': { schema: ErrorBody } },
});

/**
 * What the layers in front of the handlers answer (Node's parser, the router, the body parser, the CORS
 * check, the app lookup, the error handler), as `components.responses` that the operations refer to.
 */
const COMMON_ANSWERS = {
  MalformedRequest: errorAnswer(
    '`invalid_request`: the URL is not validly percent-encoded, the request is not valid HTTP/1.1, or its parameters or body do not fit the schema',
  ),
  RequestTimeout: errorAnswer('`invalid_request`: the request did not arrive in time'),
  OriginNotAllowed: errorAnswer(
    "`origin_not_allowed`: the request's Origin is not the app's auth_origin (docs/server/auth-api.md, CORS)",
  ),
  AppNotFound: errorAnswer('`app_not_found`: no app has this id'),
  BodyTooLarge: errorAnswer('`invalid_request`: the body is larger than the endpoint accepts'),
  PathSegmentTooLong: errorAnswer(
    `\`invalid_request\`: a path segment is longer than ${MAX_PARAM_LENGTH} characters`,
  ),
  UnsupportedContentType: errorAnswer(
    '`invalid_request`: the content type is not accepted here (send JSON, as application/json or text/plain)',
  ),
  HeadersTooLarge: errorAnswer('`invalid_request`: the URL and headers together are over the limit'),
  ServerFailure: errorAnswer(
    '`internal_server_error`: the details are in the server log, never in the answer',
  ),
} satisfies Record<string, Answer>;

type CommonAnswer = keyof typeof COMMON_ANSWERS;

/** Every API path of one app but its public files (the JWKS, the OpenID configuration). */
const APP_API = /^\/v1\/apps\/\{appId\}(?!\/\.well-known\/)/;
/** Methods whose body Fastify reads (a DELETE's too, when it has one). */
const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** The common answers an operation can get, by status. */
function commonAnswersOf(path: string, method: string, operation: Operation): [string, CommonAnswer][] {
  // Refused before a route is chosen, whatever the route: always `{code, error}` JSON.
  const answers: [string, CommonAnswer][] = [
    ['400', 'MalformedRequest'],
    ['408', 'RequestTimeout'],
    ['431', 'HeadersTooLarge'],
  ];
  if (path.includes('{')) answers.push(['414', 'PathSegmentTooLong']);
  // An operation whose refusals are not JSON (the contact endpoint's EmailJS texts) answers the rest itself.
  const ownRefusals = operation.responses?.['400']?.content;
  if (ownRefusals && !ownRefusals['application/json']) return answers;
  answers.push(['500', 'ServerFailure']);
  if (BODY_METHODS.has(method)) answers.push(['413', 'BodyTooLarge'], ['415', 'UnsupportedContentType']);
  if (APP_API.test(path)) answers.push(['403', 'OriginNotAllowed'], ['404', 'AppNotFound']);
  return answers;
}

/**
 * @fastify/swagger's `transformObject`: every operation lists the common answers it can get, as a
 * reference to `components.responses` where the route documents no answer of that status, and as a
 * JSON alternative where it documents another content type (the contact endpoint's 400).
 */
export function withCommonAnswers<T extends OpenApiObject>(document: T): T {
  document.components = { ...document.components, responses: { ...COMMON_ANSWERS } };
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const responses = (operation.responses ??= {});
      for (const [status, name] of commonAnswersOf(path, method, operation)) {
        const own = responses[status];
        if (!own) responses[status] = { $ref: `#/components/responses/${name}` };
        else if (own.content && !own.content['application/json'])
          own.content['application/json'] = { schema: ErrorBody };
      }
    }
  }
  return document;
}
