import type { FastifyInstance, preValidationHookHandler, RouteOptions } from 'fastify';
import { invalidRequest } from './api-error.js';

/** Said along with an unknown `email` or `phone` on a route that takes `identifier`. */
const IDENTIFIER_HINT = ' (identifier finds a user by email address or phone number)';

/** The hook that refuses a query parameter outside `known`, naming it and the parameters there are. */
function refusingUnknown(known: readonly string[]): preValidationHookHandler {
  return (request, _reply, done) => {
    const unknown = Object.keys(request.query as object).find((name) => !known.includes(name));
    if (unknown === undefined) return done();
    const hint = known.includes('identifier') && ['email', 'phone'].includes(unknown) ? IDENTIFIER_HINT : '';
    done(
      invalidRequest(
        `querystring.${unknown} is not a parameter of this route: it takes ${known.join(', ')}${hint}.`,
      ),
    );
  };
}

/**
 * Refuses the query parameters a route's schema does not name, in this plugin's scope. Ignored, a
 * mistyped or unsupported filter (`?email=`, `?user=`) answered the whole list as if it were the match.
 * For server-to-server APIs (management, admin), like refuseUnknownBodyFields.
 */
export function refuseUnknownQueryParameters(http: FastifyInstance): void {
  http.addHook('onRoute', (route: RouteOptions) => {
    const properties = (route.schema?.querystring as { properties?: object } | undefined)?.properties;
    if (!properties) return;
    const hooks = route.preValidation;
    const refusal = refusingUnknown(Object.keys(properties));
    route.preValidation = [...(Array.isArray(hooks) ? hooks : hooks ? [hooks] : []), refusal];
  });
}
