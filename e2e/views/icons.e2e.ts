import { expect, type Page, test } from '@playwright/test';
import { showView, usePreviewPage } from './preview-page';
import { VIEW_SAMPLES } from '../../src/dev/view-samples';

const previewPage = usePreviewPage();

const SVG_NS = 'http://www.w3.org/2000/svg';

interface IconReading {
  namespace: string | null;
  width: number;
  height: number;
  drawnWidth: number;
  stroke: string;
  hidden: string | null;
}

/** What the browser made of every icon in the preview: an SVG box with a path drawn in it. */
function readIcons(target: Page): Promise<IconReading[]> {
  return target.locator('passage-view-preview').evaluate((host) =>
    [...(host.shadowRoot ?? host).querySelectorAll('[part~="icon"]')].map((icon) => {
      const box = icon.getBoundingClientRect();
      const path = icon.querySelector('path') as SVGGraphicsElement | null;
      return {
        namespace: icon.namespaceURI,
        width: box.width,
        height: box.height,
        drawnWidth: path && typeof path.getBBox === 'function' ? path.getBBox().width : 0,
        stroke: path ? getComputedStyle(path).stroke : 'none',
        hidden: icon.getAttribute('aria-hidden'),
      };
    }),
  );
}

test('every view with an icon draws it as SVG in light and dark', async () => {
  const page = previewPage();
  let viewsWithIcons = 0;
  for (const [name, state] of Object.entries(VIEW_SAMPLES)) {
    for (const theme of ['light', 'dark'] as const) {
      await showView(page, { state, theme });
      const icons = await readIcons(page);
      if (icons.length > 0 && theme === 'light') viewsWithIcons += 1;
      for (const icon of icons) {
        const where = `${name} (${theme}): ${JSON.stringify(icon)}`;
        expect(icon.namespace, where).toBe(SVG_NS);
        expect(icon.width, where).toBe(48);
        expect(icon.height, where).toBe(48);
        expect(icon.drawnWidth, where).toBeGreaterThan(0);
        expect(icon.stroke, where).not.toBe('none');
        expect(icon.hidden, where).toBe('true');
      }
    }
  }
  // Code entry, magic-link waiting, passkey, add device, success and failure screens all carry one.
  expect(viewsWithIcons).toBeGreaterThanOrEqual(8);
});
