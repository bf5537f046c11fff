import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { startServer } from '../../test-support/start-server.mjs';
import { enterCode, openRegister, submitIdentifier, uniqueEmail, withoutPasskeys } from '../auth/support';
import { recordViolations } from '../support/csp-violations';

// The debug panel as `npm start` serves it in development (the repository's server settings, which
// name the panel's bundle), on a server of this file's own: the shared e2e server leaves it out.
const appsFile = fileURLToPath(new URL('../support/e2e-apps.json', import.meta.url));
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let server: Awaited<ReturnType<typeof startServer>>;
test.beforeAll(async () => {
  server = await startServer({ APPS_FILE: appsFile, RATE_LIMIT_FACTOR: '20' });
});
test.afterAll(() => server?.stop());

const panelOf = (page: Page): Locator => page.locator('passage-debug-panel');
const viewSelect = (page: Page): Locator => panelOf(page).getByLabel('View', { exact: true });

/** The code this file's server "sent" to `to` (its dev outbox). */
async function codeSentTo(page: Page, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const messages = (await (await page.request.get(`${server.url}/dev/outbox`)).json()) as {
        to: string;
        text: string;
      }[];
      code = /\b(\d{6})\b/.exec(messages.find((m) => m.to === to)?.text ?? '')?.[1];
      return code !== undefined;
    })
    .toBe(true);
  return code!;
}

async function openWithPanel(page: Page, path = '/passage'): Promise<Locator> {
  await page.goto(`${server.url}${path}`);
  const panel = panelOf(page);
  await expect(panel.getByRole('region', { name: 'Passage debug panel' })).toBeVisible();
  return panel;
}

/** Expands the panel when it starts collapsed (narrow viewports, or as it was left). */
async function expand(panel: Locator): Promise<void> {
  const expandButton = panel.getByRole('button', { name: 'Expand' });
  if (await expandButton.isVisible()) await expandButton.click();
  await expect(panel.getByRole('button', { name: 'Collapse' })).toBeVisible();
}

test('on /passage the panel previews "One-time code" in <passage-auth>, in dark, and resumes the live flow', async ({
  page,
}) => {
  const violations = await recordViolations(page);
  const panel = await openWithPanel(page);
  await expand(panel);
  const auth = page.locator('passage-auth');
  await expect(auth.getByRole('button', { name: 'Continue' })).toBeVisible();
  await viewSelect(page).selectOption({ label: 'One-time code' });
  await expect(auth.getByRole('textbox', { name: /Digit \d of 6/ })).toHaveCount(6);
  await expect(auth.locator('[part~="container"]')).toHaveAttribute('data-theme', 'light');
  await panel.getByLabel('Theme').selectOption('dark');
  await expect(auth.locator('[part~="container"]')).toHaveAttribute('data-theme', 'dark');
  await expect(auth.locator('[part~="container"]')).not.toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await panel.getByLabel('Language').selectOption('ar');
  await expect(auth.locator('[part~="container"]')).toHaveAttribute('dir', 'rtl');
  await viewSelect(page).selectOption({ label: 'Live flow' });
  await expect(auth.locator('[part~="identifier-input"]')).toBeVisible();
  // The site's strict policy (no inline style or script) refuses nothing of the panel's.
  expect(violations).toEqual([]);
});

test('the log shows the events and hook calls of a real code sign-in, and the host keeps its callback', async ({
  page,
}) => {
  await withoutPasskeys(page);
  const panel = await openWithPanel(page);
  await expand(panel);
  const auth = page.locator('passage-auth');
  await expect(auth.getByRole('button', { name: 'Continue' })).toBeVisible();
  const log = panel.getByRole('log', { name: 'Event log' });
  await expect(log).toContainText('event loaded');
  // The host sets its own onSuccess after the panel attached: the element announces the call to the
  // panel and runs the host's callback (which replaces the default, which would leave the page).
  await auth.evaluate((el) => {
    const w = window as unknown as { hostSuccess?: unknown };
    (el as unknown as { onSuccess: unknown }).onSuccess = (result: unknown) => void (w.hostSuccess = result);
  });
  const email = uniqueEmail('panel');
  await openRegister(auth);
  await submitIdentifier(auth, 'Email address', email);
  await expect(log).toContainText(`hook beforeAuth "${email}"`);
  await expect(log).toContainText('event oneTimePasscodeRegister');
  await expect(log).toContainText('hook onEvent');
  await enterCode(auth, await codeSentTo(page, email));
  await expect(log).toContainText('event oneTimePasscodeActivated');
  await expect(log).toContainText('hook onSuccess');
  await expect
    .poll(() => page.evaluate(() => (window as { hostSuccess?: unknown }).hostSuccess))
    .toBeTruthy();
  expect(page.url()).toBe(`${server.url}/passage`);
});

test("on /passageSuccess the panel previews the profile's dialogs and rows from sample data", async ({
  page,
}) => {
  // The page loads the profile only for a visit with a session: register first, as the demo's visitor does.
  await withoutPasskeys(page);
  await openWithPanel(page);
  const auth = page.locator('passage-auth');
  const email = uniqueEmail('panel-profile');
  await openRegister(auth);
  await submitIdentifier(auth, 'Email address', email);
  await enterCode(auth, await codeSentTo(page, email));
  await page.waitForURL(`${server.url}/passageSuccess`);
  const panel = await openWithPanel(page, '/passageSuccess');
  await expect(page.locator('passage-profile').getByText(email)).toBeVisible();
  await expand(panel);
  const profile = page.locator('passage-profile');
  await viewSelect(page).selectOption({ label: 'Profile: delete passkey dialog' });
  await expect(profile.getByRole('dialog')).toBeVisible();
  await profile.getByRole('button', { name: 'Cancel' }).click();
  await viewSelect(page).selectOption({ label: 'Profile: login info rows and passkeys table' });
  await expect(profile.getByText('ann@example.com')).toBeVisible();
  await expect(profile.locator('[part~="device-row"]')).toHaveCount(3);
});

test('arrow keys on the handle move the panel, the place survives a reload, and it collapses', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const panel = await openWithPanel(page);
  await expand(panel);
  const box = panel.getByRole('region', { name: 'Passage debug panel' });
  // The log's first lines change the panel's height, and a taller panel is kept inside the viewport:
  // the vertical checks only ask for the direction.
  await expect(panel.getByRole('log', { name: 'Event log' })).toContainText('event loaded');
  const before = (await box.boundingBox())!;
  const handle = panel.getByRole('button', { name: /Passage dev tools/ });
  await handle.focus();
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Shift+ArrowUp');
  const moved = (await box.boundingBox())!;
  expect(moved.x).toBeCloseTo(before.x - 30, 0);
  expect(moved.y).toBeLessThan(before.y);

  await page.reload();
  await expect(box).toBeVisible();
  await expect.poll(async () => (await box.boundingBox())!.x).toBeCloseTo(moved.x, 0);

  await panel.getByRole('button', { name: 'Collapse' }).click();
  await expect(viewSelect(page)).toBeHidden();
  await expect(panel.getByRole('button', { name: 'Expand' })).toHaveAttribute('aria-expanded', 'false');
  await panel.getByRole('button', { name: 'Expand' }).click();
  await expect(viewSelect(page)).toBeVisible();
});

test('a pointer drags the panel by its handle, and it stays inside the viewport', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const panel = await openWithPanel(page);
  const handle = panel.getByRole('button', { name: /Passage dev tools/ });
  // hover waits until the handle stands still: the panel settles into its corner as the log fills.
  await handle.hover({ position: { x: 10, y: 10 } });
  await page.mouse.down();
  await page.mouse.move(-500, -500, { steps: 5 });
  await page.mouse.up();
  const box = (await panel.getByRole('region', { name: 'Passage debug panel' }).boundingBox())!;
  expect(box.x).toBe(0);
  expect(box.y).toBe(0);
});

test("at 390 px the panel covers none of the widget's controls", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const panel = await openWithPanel(page);
  const auth = page.locator('passage-auth');
  await expect(auth.getByRole('button', { name: 'Continue' })).toBeVisible();
  // Let the panel settle after the widget's own layout changes.
  await page.waitForTimeout(300);
  const box = (await panel.getByRole('region', { name: 'Passage debug panel' }).boundingBox())!;
  const controls = await auth.locator('input, button, [role="combobox"]').evaluateAll((nodes) =>
    nodes.map((node) => {
      const r = node.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
  expect(controls.length).toBeGreaterThan(1);
  for (const c of controls) {
    const overlaps =
      box.x < c.x + c.width && c.x < box.x + box.width && box.y < c.y + c.height && c.y < box.y + box.height;
    expect(overlaps, `panel ${JSON.stringify(box)} covers ${JSON.stringify(c)}`).toBe(false);
  }
  // Expanded on purpose it stays expanded (inside the viewport), and usable.
  await panel.getByRole('button', { name: 'Expand' }).click();
  await expect(viewSelect(page)).toBeVisible();
  const expanded = (await panel.getByRole('region', { name: 'Passage debug panel' }).boundingBox())!;
  expect(expanded.x + expanded.width).toBeLessThanOrEqual(390);
});

test.describe('accessibility', () => {
  // axe is injected as an inline script, which the site's CSP rightly forbids.
  test.use({ bypassCSP: true });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`/passage with the panel open passes axe in the ${colorScheme} scheme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      const panel = await openWithPanel(page);
      await expand(panel);
      await expect(page.locator('passage-auth').getByRole('button', { name: 'Continue' })).toBeVisible();
      await page.addScriptTag({ path: axePath });
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: { run(o: object): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> };
          }
        ).axe;
        const result = await axe.run({
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
        });
        return result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
      });
      expect(violations).toEqual([]);
    });
  }
});
