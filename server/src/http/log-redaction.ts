import type { FastifyRequest } from 'fastify';

/** Query parameters that carry secrets or personal data: masked in every logged URL. */
const SECRET_PARAMETERS = new Set([
  'refresh_token',
  'psg_magic_link',
  'psg_verify_link',
  'token',
  'code',
  'otp',
  // Social sign-in: the page's PKCE verifier, the flow's state at the callback.
  'verifier',
  'state',
  // Vonage's delivery receipts come as a GET query: the recipient's number (msisdn), the sender (to),
  // the account's API key and the receipt's signature. A phone number is never logged (sms-providers.md).
  'msisdn',
  'to',
  'api-key',
  'sig',
]);

/** A parameter's name as the query parser reads it (`refresh%5Ftoken` is `refresh_token`). */
function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** The URL with the value of every secret parameter masked, its query read as the router reads it. */
export function redactUrl(url: string): string {
  const start = url.search(/[?#]/);
  if (start < 0) return url;
  const pairs = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0]!;
      return name !== pair && SECRET_PARAMETERS.has(decodedName(name)) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, start + 1)}${pairs.join('&')}`;
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

/** Log fields whose values are secrets wherever they appear (ASVS 16.2.5). */
const SECRET_KEYS = new Set([
  'authorization',
  'cookie',
  'set-cookie',
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
  'client_secret',
  'private_key',
]);
const CENSOR = '[redacted]';

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/** A copy of `object` with its secret keys censored, or `object` itself when it has none. */
function censorKeys(object: Record<string, unknown>, depth: number): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null;
  for (const key in object) {
    const value = object[key];
    let replaced = value;
    // A top-level `code` is an event's error code (`invalid_request`), not a one-time code.
    if (SECRET_KEYS.has(key.toLowerCase()) && !(depth === 0 && key === 'code')) replaced = CENSOR;
    else if (depth === 0 && isPlainObject(value)) replaced = censorKeys(value, 1);
    if (replaced !== value) {
      copy ??= { ...object };
      copy[key] = replaced;
    }
  }
  return copy ?? object;
}

/**
 * Pino's `formatters.log`: censors secret fields at the top level of a log line and one level down
 * (`{ user: { refresh_token } }`, `{ headers: { authorization } }`). Requests and replies are written by
 * their serializers (method, masked URL, status), which never include headers or bodies.
 */
export function redactSecrets(line: Record<string, unknown>): Record<string, unknown> {
  return censorKeys(line, 0);
}
