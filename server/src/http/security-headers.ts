import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isApiPath } from './api-paths.js';

/**
 * The built site loads only its own scripts, styles, images and fonts, and no inline style or script but
 * the `<style>` elements that carry the page's nonce (a page answer's own: see cspNonce). No
 * 'unsafe-inline': the demo's MUI/Emotion styles are such `<style>` elements (docs/theming.md). It sends
 * data (fetch, form posts) to its own origin and to the `sendTo` origins: CSP_CONNECT_SRC, e.g.
 * https://api.emailjs.com when the contact form posts to EmailJS itself.
 */
export function siteCsp(sendTo: readonly string[] = [], nonce?: string): string {
  const own = ["'self'", ...sendTo].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    nonce ? `style-src 'self' 'nonce-${nonce}'` : "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${own}`,
    "object-src 'none'",
    "base-uri 'none'",
    `form-action ${own}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

const nonces = new WeakMap<FastifyReply, string>();

/**
 * This answer's CSP nonce, made on first use: 128 random bits, new for every answer, so a page's nonce
 * tells nothing about the next one's. Its policy then allows the `<style>` elements that carry it.
 */
export function cspNonce(reply: FastifyReply): string {
  let nonce = nonces.get(reply);
  if (nonce === undefined) {
    nonce = randomBytes(16).toString('base64');
    nonces.set(reply, nonce);
  }
  return nonce;
}

/** API answers are data, never a page: nothing may load from them or frame them. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * What every answer carries besides its Content-Security-Policy, whoever writes it: the onSend hook
 * below, or error-handler.ts for the answers written before any route runs.
 */
const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
} as const;

/** An API answer's headers: data that nothing may load or frame, never cached. */
export const API_ANSWER_HEADERS = {
  'Content-Security-Policy': API_CSP,
  ...SECURITY_HEADERS,
  'Cache-Control': 'no-store',
} as const;

/** Sent on answers over https only (browsers ignore it over http). */
export const HSTS = 'max-age=31536000; includeSubDomains';

export interface SecurityHeaderOptions {
  /** Extra origins the site may send to (connect-src and form-action): the config's CSP_CONNECT_SRC. */
  connectSrc?: readonly string[];
}

/** Security headers on every answer: CSP, nosniff, Referrer-Policy, framing, HSTS on https. */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions = {}): void {
  const connectSrc = options.connectSrc ?? [];
  app.addHook('onSend', async (request, reply, payload) => {
    const isApi = isApiPath(request.url);
    const type = String(reply.getHeader('content-type') ?? '');
    // A 304 has no content type, but the browser applies its headers to the cached answer it revalidates.
    // (The site's pages are never revalidated: each has its own nonce, so none has a validator.)
    const sitePage = !isApi && (type.includes('text/html') || reply.statusCode === 304);
    reply.header('Content-Security-Policy', sitePage ? siteCsp(connectSrc, nonces.get(reply)) : API_CSP);
    reply.headers(SECURITY_HEADERS);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    if (isApi && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
