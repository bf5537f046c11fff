import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Paths the API owns: an unknown one there is a JSON 404, never the site's HTML. */
const API_PREFIXES = ['/v1/', '/api/', '/dev/', '/admin/'];

/**
 * Serves the built demo. `/` is index.html, prerendered with the portfolio; any other GET that wants HTML
 * gets the demo's app shell (app.html: the router without the portfolio) so client-side routes work.
 */
export async function registerStaticSite(app: FastifyInstance, root: string | null): Promise<void> {
  const hasSite = root !== null && existsSync(join(root, 'index.html'));
  const shell = hasSite && existsSync(join(root, 'app.html')) ? 'app.html' : 'index.html';
  if (hasSite) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: ['index.html'],
      // The build writes .br/.gz beside each file (scripts/precompress.mjs): no compression per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply: FastifyReply, path: string) => {
        // Hashed build assets never change; pages must be revalidated so a deploy shows at once.
        const hashed = /[\\/]assets[\\/]/.test(path);
        reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((prefix) => request.url.startsWith(prefix));
    if (hasSite && !isApi && request.method === 'GET' && request.headers.accept?.includes('text/html')) {
      return reply.type('text/html').sendFile(shell);
    }
    return reply
      .status(404)
      .send({ code: 'not_found', error: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}
