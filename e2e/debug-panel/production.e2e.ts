import { expect, test } from '@playwright/test';
import { startServer } from '../../test-support/start-server.mjs';
import { type SmtpSink, startSmtpSink } from '../../server/test/support/smtp-sink';
import { recordScripts } from '../support/downloaded-scripts';

// Outside development mode (NODE_ENV=production, DEV_MODE=false) the same server settings load no panel:
// no element, and no script the pages download names it. Production needs a mail server for the demo app.
let server: Awaited<ReturnType<typeof startServer>>;
let mail: SmtpSink;
test.beforeAll(async () => {
  mail = await startSmtpSink();
  server = await startServer({ NODE_ENV: 'production', DEV_MODE: 'false', SMTP_URL: mail.url });
});
test.afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

for (const path of ['/passage', '/passageSuccess']) {
  test(`${path} has no debug panel and downloads no script that mentions it`, async ({ page }) => {
    const scripts = recordScripts(page);
    // /passageSuccess loads the profile only for a visit with a session: a stored token (refused) is one.
    if (path === '/passageSuccess')
      await page.addInitScript(() =>
        localStorage.setItem('psg_auth_token', 'a token the server will refuse'),
      );
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
