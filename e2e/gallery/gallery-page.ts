import type { Page } from '@playwright/test';
import { VIEW_SAMPLES } from '../../src/dev/view-samples';
import { viewOnScreen } from '../views/preview-page';

export const THEMES = ['light', 'dark'] as const;
/** A left-to-right and a right-to-left language. */
export const LANGUAGES = ['en', 'ar'] as const;
/** Every view the gallery shows, by the name it labels it with. */
export const VIEW_NAMES = Object.keys(VIEW_SAMPLES);

/** What one figure of the gallery shows, read in the page. */
export interface FigureSummary {
  section: string;
  view: string;
  caption: string;
  theme: string | null;
  lang: string | null;
  /** Whether its view is on screen (the view of its kind, not the spinner shown while its chunk loads). */
  shown: boolean;
}

/** Every figure of the gallery, in page order. */
export function figures(page: Page): Promise<FigureSummary[]> {
  return page.evaluate(() => {
    const gallery = document.querySelector('passage-view-gallery')?.shadowRoot;
    return [...(gallery?.querySelectorAll<HTMLElement>('figure[data-view]') ?? [])].map((figure) => {
      const view = figure.querySelector('passage-view-preview')?.shadowRoot;
      const container = view?.querySelector('.container');
      return {
        section: figure.closest('section')?.querySelector('h2')?.textContent ?? '',
        view: figure.dataset.view ?? '',
        caption: figure.querySelector('figcaption')?.textContent ?? '',
        theme: container?.getAttribute('data-theme') ?? null,
        lang: container?.getAttribute('lang') ?? null,
        shown: view?.querySelector(`.view[part~="view-${figure.dataset.kind}"]`) != null,
      };
    });
  });
}

/**
 * Opens /dev/views (narrowed by `query`, e.g. `?theme=dark&language=ar`) with reduced motion, and
 * waits until every figure shows its view, with the parts that arrive in chunks of their own, and the
 * fonts have loaded. One check of the whole page at a time: a hundred locators would take seconds.
 */
export async function openGallery(page: Page, query = ''): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/dev/views${query}`);
  await page.locator('figure[data-view]').first().waitFor();
  await expectEventually(async () => (await figures(page)).every((figure) => figure.shown));
  // The identifier forms' metadata fields and country dropdown (a few figures): as the view tests wait.
  const forms = VIEW_NAMES.filter((name) => VIEW_SAMPLES[name]!.kind === 'identifier');
  for (const name of forms) {
    for (const figure of await page.locator(`figure[data-view="${name}"]`).all()) {
      await viewOnScreen(figure.locator('passage-view-preview'), VIEW_SAMPLES[name]);
    }
  }
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function expectEventually(check: () => Promise<boolean>, timeout = 20_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the gallery did not show every view in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
