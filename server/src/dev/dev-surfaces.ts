import type { FastifyInstance } from 'fastify';
import type { PageScript } from '../http/static-site.js';
import { registerDebugPanel } from './debug-panel.js';
import { type DevOutbox, registerDevOutboxRoutes } from './dev-outbox.js';
import { localOnly } from './local-only.js';
import { registerDevPages } from './view-gallery.js';

export interface DevSurfaceOptions {
  /** The outbox to list at /dev/outbox, when some channel has no transport. */
  outbox: DevOutbox | null;
  /** ELEMENTS_WWW_DIR: the view gallery at /dev/views. */
  elementsWwwDir: string | null;
  /** DEBUG_PANEL_FILE: the debug panel at /dev/debug-panel.js. */
  debugPanelFile: string | null;
}

export interface DevSurfaces {
  viewGallery: boolean;
  /** The script element the site's sign-in pages get, when the panel is served. */
  debugPanel: PageScript | null;
}

/**
 * Development mode only (the caller checks): the dev outbox, the view gallery and the debug panel, in one
 * scope whose every route answers requests made on this machine only (local-only.ts).
 */
export async function registerDevSurfaces(
  http: FastifyInstance,
  options: DevSurfaceOptions,
): Promise<DevSurfaces> {
  const surfaces: DevSurfaces = { viewGallery: false, debugPanel: null };
  await http.register(async (dev) => {
    localOnly(dev);
    if (options.outbox) registerDevOutboxRoutes(dev, options.outbox);
    if (options.debugPanelFile) surfaces.debugPanel = registerDebugPanel(dev, options.debugPanelFile);
    surfaces.viewGallery = await registerDevPages(dev, options.elementsWwwDir);
  });
  return surfaces;
}
