import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyInstance } from 'fastify';

const fromPool = AjvCompiler();

/**
 * Checks the bodies of this plugin's routes exactly as their schemas say, unknown fields included.
 * Fastify's Ajv removes the properties a schema does not allow (`removeAdditional`), so a mistyped
 * `{"emial": …}` was dropped without a word although the API reference says `additionalProperties:
 * false`; here it is `400 invalid_request` "body.emial is not allowed". Bodies are not coerced (as
 * everywhere, validator-compiler.ts); path parameters and query strings are. For server-to-server APIs
 * (management, admin); the auth API stays lenient with what browser clients add.
 */
export function refuseUnknownBodyFields(http: FastifyInstance): void {
  const exact = fromPool({}, { customOptions: { coerceTypes: false, removeAdditional: false }, plugins: [] });
  const coercing = fromPool({}, { customOptions: {}, plugins: [] });
  http.setValidatorCompiler((route) => (route.httpPart === 'body' ? exact : coercing)(route));
}
