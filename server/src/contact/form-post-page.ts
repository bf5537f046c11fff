import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../delivery/templates/render.js';
import { FILL_TIME_FIELD, HONEYPOT_FIELD } from './contact-submission.js';

/**
 * A contact form posted by the browser itself, not by @emailjs/browser: a page without JavaScript, or one
 * whose form code has not arrived yet (the demo's prerendered form posts here natively). The library
 * always sends `lib_version` and fetches with `Accept: *\/*`; a form submission navigates and asks for HTML.
 * Such a visitor gets a small readable page instead of the bare `OK`.
 */
export function isFormNavigation(request: FastifyRequest): boolean {
  const body = request.body;
  if (body && typeof body === 'object' && 'lib_version' in body) return false;
  return (
    request.headers['sec-fetch-mode'] === 'navigate' || (request.headers.accept ?? '').includes('text/html')
  );
}

/** What the visitor reads for each answer of the endpoint (its EmailJS texts are for programs). */
function explain(status: number, text: string): string {
  if (status === 429)
    return 'Too many messages were sent just now. Please wait a few minutes, then try again.';
  if (status === 413)
    return 'The message is too large (at most 10 000 characters a field, no files). Go back to shorten it.';
  if (status >= 500) return 'The message could not be stored just now. Please try again in a moment.';
  return `The message was not accepted: ${text}`;
}

/** The fields as posted, to send again from the error page: nothing typed is lost. */
function postedFields(request: FastifyRequest): [string, string][] {
  const body = request.body;
  if (!body || typeof body !== 'object') return [];
  return Object.entries(body)
    .filter(([key, value]) => typeof value === 'string' && key !== HONEYPOT_FIELD && key !== FILL_TIME_FIELD)
    .map(([key, value]) => [key, value as string]);
}

const HIDDEN = new Set(['service_id', 'template_id', 'user_id']);

function retryForm(request: FastifyRequest): string {
  const fields = postedFields(request);
  if (fields.length === 0) return '';
  const controls = fields.map(([name, value], index) =>
    HIDDEN.has(name)
      ? `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`
      : `<p><label for="f${index}">${escapeHtml(name)}</label><br><textarea id="f${index}" name="${escapeHtml(name)}" rows="${name === 'message' ? 10 : 2}" cols="60">${escapeHtml(value)}</textarea></p>`,
  );
  // The route's own path: the URL as sent may be another spelling of it (absolute form, percent-encoded).
  const action = escapeHtml(request.routeOptions.url ?? '');
  return `<p>Your message is kept below.</p><form method="post" action="${action}" enctype="multipart/form-data">${controls.join('')}<p><button type="submit">Try again</button></p></form>`;
}

/** Answers a form navigation with a page: "Message delivered", or the error with the message kept to retry. */
export function sendFormPostPage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  text: string,
  backTo: string,
) {
  const ok = status === 200;
  const title = ok ? 'Message delivered' : 'Your message was not sent';
  const body = ok
    ? '<p>Thank you — your message was sent.</p>'
    : `<p role="alert">${escapeHtml(explain(status, text))}</p>${retryForm(request)}`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body><main><h1>${title}</h1>${body}<p><a href="${escapeHtml(backTo)}">Back to the site</a></p></main></body></html>`;
  return reply.status(status).type('text/html; charset=utf-8').send(html);
}
