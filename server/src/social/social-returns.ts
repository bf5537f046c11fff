import type { FastifyReply } from 'fastify';
import type { SocialCallbackError } from 'open-passage/contract';
import { escapeHtml } from '../delivery/templates/render.js';

/** The parameters the server adds to `redirect_uri`; the page's earlier ones of these names go. */
const RETURN_PARAMS = ['code', 'state', 'error', 'error_description'];

/**
 * Why `value` may not be a flow's `redirect_uri`, or null: an absolute http(s) URL on the app's
 * auth_origin (the page that started, as passage-js sends `location.href`), without credentials.
 */
export function redirectUriProblem(value: string, authOrigin: string): string | null {
  if (!URL.canParse(value)) return 'redirect_uri must be an absolute URL';
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'redirect_uri must be an http(s) URL';
  if (url.username || url.password) return 'redirect_uri must not contain credentials';
  if (url.origin !== new URL(authOrigin).origin) {
    return `redirect_uri must be on the app's auth_origin ${new URL(authOrigin).origin}, not ${url.origin}`;
  }
  return null;
}

/** `redirect_uri` with the outcome appended: `code` and `state`, or `error`, `error_description` and `state`. */
export function returnUrl(redirectUri: string, params: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const name of RETURN_PARAMS) url.searchParams.delete(name);
  for (const [name, value] of Object.entries(params)) if (value !== null) url.searchParams.set(name, value);
  url.hash = '';
  return url.href;
}

export function errorReturn(
  redirectUri: string,
  error: SocialCallbackError,
  description: string,
  clientState: string | null,
): string {
  return returnUrl(redirectUri, { error, error_description: description, state: clientState });
}

/**
 * When the callback cannot know where to send the browser back (its state is unknown, used or
 * expired), it says so on a page of its own instead of leaving the user with raw JSON.
 */
export function sendDeadEndPage(reply: FastifyReply, title: string, text: string, backTo: string | null) {
  const back = backTo ? `<p><a href="${escapeHtml(backTo)}">Back to sign-in</a></p>` : '';
  return reply
    .status(400)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
        `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${back}</main></body></html>`,
    );
}
