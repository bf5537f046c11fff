// The repository's own server settings: the demo's apps and built site, data in ./data. The server package
// assumes none of them (its defaults count from the directory it is started in), so the repository's
// scripts (npm start, npm run dev, the browser tests and benchmarks) pass them explicitly.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Settings given in the environment (`process.env`) still win over these. */
export const repoServerEnv = {
  // Development mode (docs/server/configuration.md): the dev outbox, the view gallery and the debug panel,
  // for this machine only. DEV_MODE=false tries the server as production runs it (then SMTP_URL is needed).
  DEV_MODE: 'true',
  // The elements' debug panel on /passage and /passageSuccess in development mode (docs/debug-panel.md).
  DEBUG_PANEL_FILE: join(root, 'dist/debug-panel/index.js'),
  APPS_FILE: join(root, 'demo/passage-apps.json'),
  STATIC_DIR: join(root, 'demo/dist'),
  // The elements' www/ build: the view gallery at /dev/views in development (docs/view-gallery.md).
  ELEMENTS_WWW_DIR: join(root, 'www'),
  DATA_DIR: join(root, 'data'),
};
