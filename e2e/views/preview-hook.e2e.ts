import { expect, type Page, test } from '@playwright/test';
import { openPreview } from './preview-page';
import { SAMPLE_APP } from '../../src/dev/app-samples';
import { profileSample } from '../../src/dev/profile-samples';
import { VIEW_SAMPLES } from '../../src/dev/view-samples';

// The elements' preview hook (src/components/shared/preview-request.ts): one DOM event shows any view
// in a live element, without the server, and an empty request gives the element its live flow back.
// The page's elements have an app id the (routed, server-less) origin does not know.
const elements = `<passage-auth app-id="unknownApp" api-url="http://views.localhost/api"></passage-auth>
<passage-profile app-id="unknownApp" api-url="http://views.localhost/api"></passage-profile>`;

/** Dispatches a preview request on the element; what it reports lands in `window.reports`. */
function request(page: Page, tag: string, detail: object) {
  return page.locator(tag).evaluate((el, d) => {
    const w = window as unknown as { reports: unknown[] };
    w.reports ??= [];
    const report = (what: string) => w.reports.push(what);
    el.dispatchEvent(new CustomEvent('passage-preview', { detail: { ...d, report } }));
  }, detail);
}

test.beforeEach(async ({ page }) => {
  await openPreview(page, { more: elements, axe: false });
});

test('a sign-in element shows a requested view, reports its events, and returns to its flow', async ({
  page,
}) => {
  const auth = page.locator('passage-auth');
  await expect(auth.locator('[part~="invalid-app-id"]')).toBeVisible();
  await request(page, 'passage-auth', { view: VIEW_SAMPLES['one-time-code'], app: SAMPLE_APP });
  await expect(auth.locator('[part~="otp-input"]')).toHaveCount(6);
  await auth.locator('[part~="otp-input"]').first().fill('123456');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { reports: string[] }).reports))
    .toContain('submit-code');
  await request(page, 'passage-auth', {});
  await expect(auth.locator('[part~="invalid-app-id"]')).toBeVisible();
});

test('the profile shows the sample account, its scenes, and returns to its flow', async ({ page }) => {
  const profile = page.locator('passage-profile');
  await expect(profile.locator('[part~="invalid-app-id"]')).toBeVisible();
  await request(page, 'passage-profile', { profile: profileSample('ready'), app: SAMPLE_APP });
  await expect(profile.getByText('ann@example.com')).toBeVisible();
  await expect(profile.locator('[part~="device-row"]')).toHaveCount(3);
  await request(page, 'passage-profile', { profile: profileSample('confirm-delete'), app: SAMPLE_APP });
  await expect(profile.locator('dialog[open][part~="modal-danger"]')).toBeVisible();
  await profile.locator('[part~="danger-button"]').click();
  await expect(profile.locator('[part~="device-row"]')).toHaveCount(2);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { reports: string[] }).reports))
    .toContain('device-deleted');
  await request(page, 'passage-profile', {});
  await expect(profile.locator('[part~="invalid-app-id"]')).toBeVisible();
});
