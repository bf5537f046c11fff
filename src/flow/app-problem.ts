/**
 * What a failed app-info call says about the setup, for the sign-in elements and the profile alike:
 * a wrong app id, a page outside the app's auth_origin, or no identity server at the URL the element
 * asked. Pure; the sign-in flow loads it only when the app info has failed (it is no part of the
 * first render: docs/performance.md).
 *
 * A browser hides the answer of a request CORS refuses (no Access-Control-Allow-Origin): fetch fails
 * with a TypeError, exactly as for a server that is down. The server therefore answers the app-info
 * call of a foreign page with a readable `403 origin_not_allowed` naming both origins, and an unknown
 * app id with a readable `404 app_not_found` (server/src/http/cors.ts); only a network failure is left
 * to mean that no server answered. See docs/sign-in-elements.md#when-the-widget-cannot-start.
 */
import { appPath } from '../client/app-info-request';
import { APP_NOT_FOUND, ORIGIN_NOT_ALLOWED } from '../contract/error-codes';
import type { AppTarget, FlowError } from './ports';
import type { AppProblem, ViewState } from './view-state';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** Which misconfiguration (or server failure) `error`, the app-info call's rejection, shows. */
export function appProblem(error: unknown, target: AppTarget): AppProblem {
  const server = (target.apiUrl || target.pageOrigin).replace(/\/+$/, '');
  const {
    statusCode = 0,
    code,
    message,
    body,
  } = (typeof error === 'object' && error ? error : {}) as FlowError;
  if (code === ORIGIN_NOT_ALLOWED) {
    const said = (typeof body === 'object' && body ? body : {}) as Record<string, unknown>;
    return {
      reason: 'origin-not-allowed',
      pageOrigin: text(said.origin) ?? target.pageOrigin,
      authOrigin: text(said.auth_origin) ?? '?',
    };
  }
  if (code === APP_NOT_FOUND) return { reason: 'app-not-found', appId: target.appId, server };
  // No answer, or one without the API's `{code}` (an HTML page, a proxy's 502): no identity server there.
  if (statusCode < 400 || !code) return { reason: 'server-unreachable', url: server + appPath(target.appId) };
  return { reason: 'server-error', server, detail: text(message) ?? `HTTP ${statusCode}` };
}

/** The view for a failed app info: without an app id the element names none; otherwise the problem. */
export function appUnavailableView(error: unknown, target: AppTarget): ViewState {
  if (!target.appId) return { kind: 'invalid-app-id' };
  return { kind: 'app-unavailable', problem: appProblem(error, target) };
}
