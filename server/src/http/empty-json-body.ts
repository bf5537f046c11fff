import type { FastifyInstance, FastifyRequest } from 'fastify';

interface BodySchema {
  type?: unknown;
  anyOf?: BodySchema[];
}

/** A route takes no body when it declares none, or when its body may be null (`NoBody` of the contract). */
function takesNoBody(request: FastifyRequest): boolean {
  const schema = request.routeOptions.schema?.body as BodySchema | undefined;
  if (schema === undefined) return true;
  return schema.type === 'null' || (schema.anyOf ?? []).some((one) => one.type === 'null');
}

/**
 * Many clients (axios, Passage's SDKs and passage-js) send `Content-Type: application/json` (or
 * text/plain, Passage's way) on every call, bodiless DELETEs included. On a route that takes no body an
 * empty body is no body; a route that needs one still refuses it (FST_ERR_CTP_EMPTY_JSON_BODY, 400).
 */
export function acceptEmptyJsonBodies(http: FastifyInstance): void {
  const parseJson = http.getDefaultJsonParser('error', 'error');
  http.removeContentTypeParser(['application/json', 'text/plain']);
  http.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'string' },
    (request, body, done) => {
      if (body === '' && takesNoBody(request)) return done(null, undefined);
      return parseJson(request, body as string, done);
    },
  );
}
