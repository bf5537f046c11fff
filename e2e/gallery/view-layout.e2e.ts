import { expect, test } from '@playwright/test';
import { openGallery, VIEWS } from './gallery-page';
import { auditGalleryLayout } from './layout-audit';

/**
 * Every view of the gallery at a phone's widths (docs/view-gallery.md): nothing spills out of the
 * widget's card or is cut, no word breaks over lines it would fit on, no two controls overlap, stacked
 * buttons share one width, and error lines keep their distance from the next label. One page per width
 * and theme, every view checked in it at once (layout-audit.ts).
 */

const WIDTHS = [
  // What a 320 px phone leaves an element between a page's 20 or 16 px margins: narrower than the
  // sign-in card's 300 px maximum, which it keeps on a whole phone's width.
  280, 288,
  // A small and a common phone's whole width: the profile (600 px at most) takes all of it.
  320, 390,
] as const;
const PAGES = [
  { name: 'light', query: 'theme=light&language=en' },
  { name: 'dark', query: 'theme=dark&language=en' },
  { name: 'Arabic (right to left)', query: 'theme=light&language=ar' },
] as const;

for (const width of WIDTHS) {
  for (const { name, query } of PAGES) {
    test(`every view fits ${width} px: ${name}`, async ({ browser }) => {
      const page = await browser.newPage({
        baseURL: process.env.E2E_BASE_URL,
        viewport: { width, height: 800 },
        timezoneId: 'UTC',
        reducedMotion: 'reduce',
      });
      try {
        await openGallery(page, `?${query}&width=${width}`);
        expect(await page.evaluate(auditGalleryLayout)).toEqual({ views: VIEWS.length, problems: [] });
      } finally {
        await page.close();
      }
    });
  }
}
