import type { FastifyInstance } from 'fastify';
import { isApiPath } from './api-paths.js';

/**
 * The built site loads only its own scripts, styles, images and fonts. Inline styles stay allowed for
 * the demo's MUI/Emotion only: its prerendered `<style>` elements and `style="…"` attributes, and the
 * `<style>` elements Emotion adds at run time; a nonce would mean templating every HTML answer instead
 * of serving the precompressed files. The elements need no inline styles (docs/theming.md). It sends data (fetch, form posts) to its own origin and to the `sendTo` origins: CSP_CONNECT_SRC, e.g.
 * https://api.emailjs.com when the contact form posts to EmailJS itself.
 */
export function siteCsp(sendTo: readonly string[] = []): string {
  const own = ["'self'", ...sendTo].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${own}`,
    "object-src 'none'",
    "base-uri 'none'",
    `form-action ${own}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/** API answers are data, never a page: nothing may load from them or frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export interface SecurityHeaderOptions {
  /** Extra origins the site may send to (connect-src and form-action): the config's CSP_CONNECT_SRC. */
  connectSrc?: readonly string[];
}

/** Security headers on every answer: CSP, nosniff, Referrer-Policy, framing, HSTS on https. */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions = {}): void {
  const site = siteCsp(options.connectSrc ?? []);
  app.addHook('onSend', async (request, reply, payload) => {
    const isApi = isApiPath(request.url);
    const type = String(reply.getHeader('content-type') ?? '');
    // A 304 has no content type, but the browser applies its headers to the cached page it revalidates.
    const sitePage = !isApi && (type.includes('text/html') || reply.statusCode === 304);
    reply.header('Content-Security-Policy', sitePage ? site : API_CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (request.protocol === 'https')
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (isApi && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
