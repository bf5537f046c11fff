import { serializeRequest } from '../security/log-redaction.js';

/** Log fields whose values are secrets wherever they appear (ASVS 16.2.5; security.md L2). */
const SECRET_KEYS = [
  'authorization',
  'cookie',
  'otp',
  'code',
  'token',
  'auth_token',
  'refresh_token',
  'magic_link',
  'link',
  'params',
  'text',
  'html',
  'password',
];

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`]).filter((path) => path !== 'code'),
];

/** Pino options for Fastify: JSON lines, secret fields redacted wherever they appear. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    // Method, URL with secret query values masked, peer: never headers or bodies.
    serializers: { req: serializeRequest },
  };
}
