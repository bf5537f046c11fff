import { STATUS_CODES } from 'node:http';
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
  components?: {
    responses?: Record<string, Answer>;
    schemas?: Record<string, unknown>;
  } & Record<string, unknown>;
}

/**
 * What @fastify/swagger writes for an answer whose route describes none: its own placeholder, or the
 * description of the body's schema (ErrorBody's "Error").
 */
const PLACEHOLDERS = new Set(['Default Response', 'Error']);

/** `{code, error}`, declared once as `components.schemas.Error`: every refusal of this shape refers to it. */
const errorSchema = () => ({ $ref: '#/components/schemas/Error' });

/** A schema as JSON with its keys sorted, to compare schemas whatever order their keys come in. */
const canonical = (schema: unknown): string =>
  JSON.stringify(schema, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value,
  );
const ERROR_BODY = canonical(ErrorBody);

const errorAnswer = (description: string): Answer => ({
  description,
  content: { 'application/json': { schema: errorSchema() } },
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
 * JSON alternative where it documents another content type (the contact endpoint's 400). The routes'
 * own `{code, error}` answers refer to `components.schemas.Error` instead of repeating it, and an
 * answer its route gives no description of is named by its status (`OK`, `Created`, `Unauthorized`). Only the document changes: the routes validate and serialize as before.
 */
export function withCommonAnswers<T extends OpenApiObject>(document: T): T {
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, Error: structuredClone(ErrorBody) },
    responses: structuredClone(COMMON_ANSWERS),
  };
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const responses = (operation.responses ??= {});
      for (const [status, answer] of Object.entries(responses)) {
        if (PLACEHOLDERS.has(answer.description ?? '')) answer.description = STATUS_CODES[status] ?? status;
        const json = answer.content?.['application/json'];
        if (json && canonical(json.schema) === ERROR_BODY) json.schema = errorSchema();
      }
      for (const [status, name] of commonAnswersOf(path, method, operation)) {
        const own = responses[status];
        if (!own) responses[status] = { $ref: `#/components/responses/${name}` };
        else if (own.content && !own.content['application/json'])
          own.content['application/json'] = { schema: errorSchema() };
      }
    }
  }
  return document;
}
