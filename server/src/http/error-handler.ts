import { ERROR_CODES } from 'open-passage/contract';
import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';
import { API_ANSWER_HEADERS, HSTS } from './security-headers.js';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Turns a schema failure into one sentence a developer can act on, e.g. `body.identifier is required`. */
function describeValidation(context: string, issues: ValidationIssue[]): string {
  const issue = issues[0];
  if (!issue) return `${context} is invalid`;
  const missing =
    issue.params?.missingProperty ?? (issue.params?.requiredProperties as string[] | undefined)?.[0];
  const path = [context, ...(issue.instancePath ?? '').split('/').filter(Boolean)].join('.');
  if (missing) return `${path}.${String(missing)} is required`;
  if (issue.params?.additionalProperty)
    return `${path}.${String(issue.params.additionalProperty)} is not allowed`;
  // Ajv's enum message says only "one of the allowed values": name them.
  const allowed = issue.params?.allowedValues;
  if (Array.isArray(allowed)) return `${path} must be one of: ${allowed.map(String).join(', ')}`;
  return `${path} ${issue.message ?? 'is invalid'}`;
}

/** The longest path parameter the router accepts; a longer one is refused with 414 before any route runs. */
export const MAX_PARAM_LENGTH = 100;

/** What every failure leaves as: the HTTP status and the `{code, error}` body. */
export interface ErrorAnswer {
  status: number;
  code: string;
  error: string;
}

const SERVER_FAILURE: ErrorAnswer = {
  status: 500,
  code: ERROR_CODES.INTERNAL_SERVER_ERROR,
  error: 'Something went wrong on the server.',
};

/** Fastify's own refusals, said in a sentence a client developer can act on (the status stays Fastify's). */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The URL is not validly percent-encoded.',
  FST_ERR_MAX_PARAM_LENGTH: `A path segment is longer than ${MAX_PARAM_LENGTH} characters.`,
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is larger than this endpoint accepts.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE:
    'This content type is not accepted here: send JSON (as application/json or text/plain).',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty, but this endpoint needs a JSON body.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON.',
};

/**
 * The one mapping from an error to its answer, for the error handler and the router's refusals alike.
 * A client's mistake keeps its 4xx status and gets `invalid_request` (docs/server/auth-api.md, error codes);
 * anything else is a server failure, answered without details.
 */
function errorAnswer(error: FastifyError): ErrorAnswer {
  if (error instanceof ApiError) return { status: error.statusCode, code: error.code, error: error.message };
  if (error.validation) {
    const message = describeValidation(error.validationContext ?? 'request', error.validation);
    return { status: 400, code: ERROR_CODES.INVALID_REQUEST, error: message };
  }
  const status = error.statusCode;
  if (status === undefined || status < 400 || status >= 500) return SERVER_FAILURE;
  const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
  // Fastify's JSON parser rejects a syntax error with the parser's own message and status 400.
  const message =
    known ?? (error instanceof SyntaxError ? `The body is not valid JSON: ${error.message}` : error.message);
  return {
    status,
    code: ERROR_CODES.INVALID_REQUEST,
    error: message || (STATUS_CODES[status] ?? 'Bad request'),
  };
}

function send(request: FastifyRequest, reply: FastifyReply, error: FastifyError) {
  const answer = errorAnswer(error);
  if (answer.status >= 500) request.log.error({ err: error }, 'unhandled error');
  // Here, for every route: the management API and the contact endpoint sit outside the app scope.
  if (error instanceof ApiError && error.retryAfter !== undefined)
    reply.header('Retry-After', String(error.retryAfter));
  return reply.status(answer.status).send({ code: answer.code, error: answer.error });
}

/** Every failure leaves as `{code, error}`; 5xx details stay in the log, never in the answer. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => send(request, reply, error));
}

/**
 * Fastify's `frameworkErrors` option: the router's refusals (a URL that does not decode, a path parameter
 * over MAX_PARAM_LENGTH) are raised before any route, error handler or hook, so they are answered here,
 * with the security headers the hooks would have added.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.headers(API_ANSWER_HEADERS);
  return send(request, reply, error);
}

/** What Node's HTTP parser refuses before Fastify sees a request, by the error's code. */
function nodeRefusal(code: string | undefined): ErrorAnswer {
  if (code === 'HPE_HEADER_OVERFLOW')
    return {
      status: 431,
      code: ERROR_CODES.INVALID_REQUEST,
      error: `The request's URL and headers together are larger than ${Math.floor(maxHeaderSize / 1024)} kB.`,
    };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'ERR_HTTP_HEADERS_TIMEOUT')
    return { status: 408, code: ERROR_CODES.INVALID_REQUEST, error: 'The request did not arrive in time.' };
  return { status: 400, code: ERROR_CODES.INVALID_REQUEST, error: 'The request is not valid HTTP/1.1.' };
}

/**
 * Fastify's `clientErrorHandler`: Node refuses a request it cannot parse (oversized headers, an unknown
 * method, broken framing) on the socket, before any hook runs. The answer is written by hand, in the same
 * shape and with the API's security headers, and the connection is closed (its framing is lost).
 */
export function answerClientError(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = nodeRefusal(error.code);
  this.log.info({ code: error.code, status: answer.status }, 'refused a request Node could not parse');
  if (socket.writable) {
    const body = JSON.stringify({ code: answer.code, error: answer.error });
    const headers: Record<string, string> = {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      ...API_ANSWER_HEADERS,
      ...((socket as TLSSocket).encrypted ? { 'Strict-Transport-Security': HSTS } : {}),
      Connection: 'close',
    };
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
    socket.write(
      [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`, ...lines, '', body].join('\r\n'),
    );
  }
  socket.destroy(error);
}

/**
 * Node answers a request whose `Expect` is not `100-continue` with a bare 417 of its own, before Fastify
 * sees it. RFC 9110 lets a server ignore such an expectation instead: the request gets its usual answer.
 */
export function ignoreUnknownExpectations(app: FastifyInstance): void {
  app.server.on('checkExpectation', (request, response) => app.routing(request, response));
}
