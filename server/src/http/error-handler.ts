import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError } from './api-error.js';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Turns a schema failure into one sentence a developer can act on, e.g. `body.identifier is required`. */
export function describeValidation(context: string, issues: ValidationIssue[]): string {
  const issue = issues[0];
  if (!issue) return `${context} is invalid`;
  const missing =
    issue.params?.missingProperty ?? (issue.params?.requiredProperties as string[] | undefined)?.[0];
  const path = [context, ...(issue.instancePath ?? '').split('/').filter(Boolean)].join('.');
  if (missing) return `${path}.${String(missing)} is required`;
  if (issue.params?.additionalProperty)
    return `${path}.${String(issue.params.additionalProperty)} is not allowed`;
  return `${path} ${issue.message ?? 'is invalid'}`;
}

/** Every failure leaves as `{code, error}`; 5xx details stay in the log, never in the answer. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send({ code: error.code, error: error.message });
    }
    if (error.validation) {
      const message = describeValidation(error.validationContext ?? 'request', error.validation);
      return reply.status(400).send({ code: 'invalid_request', error: message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: 'invalid_request', error: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ code: 'internal_server_error', error: 'Something went wrong on the server.' });
  });
}
