import { ERROR_CODES } from 'open-passage/contract';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/api-error.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Checks `Authorization: Bearer <ADMIN_API_KEY>` in constant time. */
function checkAdminKey(header: string | undefined, apiKey: string): void {
  const presented = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  if (!presented || !timingSafeEqual(digest(presented), digest(apiKey))) {
    throw new ApiError(
      401,
      ERROR_CODES.INVALID_ACCESS_TOKEN,
      'A valid admin API key is required (Authorization: Bearer <ADMIN_API_KEY>).',
    );
  }
}

/** Every route of this plugin scope needs the admin key. */
export function requireAdminKey(http: FastifyInstance, apiKey: string): void {
  http.addHook('onRequest', async (request) => checkAdminKey(request.headers.authorization, apiKey));
}

/** OpenAPI: the admin routes' tag and security scheme. */
export const adminDocs = { tags: ['admin'], security: [{ adminKey: [] }] };
