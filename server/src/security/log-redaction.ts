import type { FastifyRequest } from 'fastify';

/** Query parameters that carry secrets (security notes L2): masked in every logged URL. */
const SECRET_PARAMETERS = /([?&](?:refresh_token|psg_magic_link|psg_verify_link|token|code|otp)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMETERS, '$1[redacted]');
}

/**
 * Fastify request serializer: method, redacted URL and peer; never headers (Authorization) or bodies.
 * Used in the logger options as `serializers: { req: serializeRequest }`.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  };
}
