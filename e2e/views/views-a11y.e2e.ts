import { expect, test } from '@playwright/test';
import { axeViolations, showView, usePreviewPage } from './preview-page';
import { VIEW_SAMPLES } from '../../src/dev/view-samples';

const previewPage = usePreviewPage();

test.describe('every view passes axe-core in light and dark', () => {
  for (const [name, state] of Object.entries(VIEW_SAMPLES)) {
    test(name, async () => {
      const page = previewPage();
      for (const theme of ['light', 'dark'] as const) {
        await showView(page, { state, theme });
        const violations = await axeViolations(page);
        expect(violations, `${name} (${theme}): ${JSON.stringify(violations, null, 1)}`).toEqual([]);
      }
    });
  }
});

test('right-to-left Arabic and a customized theme', async () => {
  const page = previewPage();
  await showView(page, {
    state: VIEW_SAMPLES['one-time-code-invalid'],
    language: 'ar',
    customization: { passage_primary_button_background_color: '#0b5394', passage_container_max_width: 360 },
  });
  const container = page.locator('passage-view-preview .container');
  await expect(container).toHaveAttribute('dir', 'rtl');
  await expect(container).toHaveAttribute('lang', 'ar');
  await expect(page.locator('passage-view-preview .view h1')).toHaveText('أدخل الرمز');
  await expect(container).toHaveCSS('max-width', '360px');
  await expect(page.locator('passage-view-preview button.primary')).toHaveCSS(
    'background-color',
    'rgb(11, 83, 148)',
  );
  expect(await axeViolations(page)).toEqual([]);
});
