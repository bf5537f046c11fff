import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { PageScript } from '../http/static-site.js';

/** Where the bundle is served, and the site pages that load it. */
const DEBUG_PANEL_PATH = '/dev/debug-panel.js';
const DEBUG_PANEL_PAGES: readonly string[] = ['/passage', '/passageSuccess'];

/**
 * Development only (the caller checks): serves the elements' debug panel (DEBUG_PANEL_FILE, built by
 * `npm run build:panel`; docs/debug-panel.md) and returns the script element the sign-in pages
 * get. `?attach` makes the module add a panel to the page. The file is read on every request, so a
 * rebuild shows on reload. Null when the file is missing (the elements were not built).
 */
export function registerDebugPanel(app: FastifyInstance, file: string): PageScript | null {
  if (!existsSync(file)) {
    app.log.warn(`DEBUG_PANEL_FILE ${file} does not exist: the site's pages get no debug panel`);
    return null;
  }
  app.get(DEBUG_PANEL_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(await readFile(file)),
  );
  return {
    pages: DEBUG_PANEL_PAGES,
    tag: `<script type="module" src="${DEBUG_PANEL_PATH}?attach"></script>`,
  };
}
