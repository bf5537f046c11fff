import type { FastifyInstance } from 'fastify';

/**
 * Passage clients send `Content-Type: application/json` with no body on some GET and DELETE calls
 * (devices, social connections): in this plugin scope an empty JSON body is no body, not
 * an error.
 */
export function acceptEmptyJsonBodies(http: FastifyInstance): void {
  const parseJson = http.getDefaultJsonParser('error', 'error');
  http.removeContentTypeParser('application/json');
  http.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, body as string, done);
  });
}
