import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The view gallery's page in Stencil's www/ build (copied there from src/dev/gallery/views.html). */
const GALLERY_PAGE = 'views.html';

/**
 * Development pages from the elements' Stencil www/ build (ELEMENTS_WWW_DIR): the view gallery at
 * /dev/views (docs/view-gallery.md) and the lazy build it loads at /dev/build/. The caller registers
 * them only outside production. Read on every request, so a rebuild (`npm run dev`) shows on reload.
 * Returns whether they were registered (the folder holds the gallery's page).
 */
export async function registerDevPages(app: FastifyInstance, wwwDir: string | null): Promise<boolean> {
  if (wwwDir === null || !existsSync(join(wwwDir, GALLERY_PAGE))) return false;
  app.get('/dev/views', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(await readFile(join(wwwDir, GALLERY_PAGE))),
  );
  await app.register(fastifyStatic, {
    root: join(wwwDir, 'build'),
    prefix: '/dev/build/',
    // The site's own registration (static-site.ts) decorates the reply.
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply) => reply.header('Cache-Control', 'no-cache'),
  });
  return true;
}
