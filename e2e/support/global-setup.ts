import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../test-support/start-server.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** One server for the whole run; tests read its address from E2E_BASE_URL (inherited by the workers). */
export default async function globalSetup() {
  for (const built of ['server/dist/main.js', 'demo/dist/index.html']) {
    if (!existsSync(`${root}${built}`)) throw new Error(`${built} is missing: run "npm run build" first`);
  }
  const server = await startServer({
    // The demo app plus the apps the browser tests need (one per configuration under test).
    APPS_FILE: `${root}e2e/support/e2e-apps.json`,
    // Many sign-ins from one address in a few minutes: raise the per-IP send limits.
    RATE_LIMIT_FACTOR: '20',
    // No debug panel on the sign-in pages: the tests see them as users do. e2e/debug-panel starts
    // servers of its own with it (development) and without it (production).
    DEBUG_PANEL_FILE: '',
  });
  process.env.E2E_BASE_URL = server.url;
  // For the few tests that need a state no API offers (an inactive user).
  process.env.E2E_DATABASE_FILE = server.databaseFile;
  return () => server.stop();
}
