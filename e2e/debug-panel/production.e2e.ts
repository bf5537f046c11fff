import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { startServer } from '../../scripts/start-server.mjs';
import { recordScripts } from '../support/downloaded-scripts';

// With NODE_ENV=production the same server settings load no panel: no element, and no script the
// pages download names it.
const appsFile = fileURLToPath(new URL('../support/e2e-apps.json', import.meta.url));

let server: Awaited<ReturnType<typeof startServer>>;
test.beforeAll(async () => {
  server = await startServer({ APPS_FILE: appsFile, NODE_ENV: 'production' });
});
test.afterAll(() => server?.stop());

for (const path of ['/passage', '/passageSuccess']) {
  test(`${path} has no debug panel and downloads no script that mentions it`, async ({ page }) => {
    const scripts = recordScripts(page);
    const answer = await page.goto(`${server.url}${path}`);
    expect(await answer!.text()).not.toContain('debug-panel');
    const widget = page.locator(path === '/passage' ? 'passage-auth' : 'passage-profile');
    await expect(widget.getByRole('button').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('passage-debug-panel')).toHaveCount(0);
    const bodies = await scripts();
    expect(bodies.length).toBeGreaterThan(3);
    for (const body of bodies) {
      expect(body).not.toContain('passage-debug-panel');
      expect(body).not.toContain('debug-panel');
    }
    expect((await page.request.get(`${server.url}/dev/debug-panel.js`)).status()).toBe(404);
  });
}
