import type { Page } from '@playwright/test';
import type { ProfileScene } from '../../src/components/shared/preview-request';
import { VIEW_CATALOGUE } from '../../src/dev/view-catalogue';
import { viewShownSelectors } from '../views/preview-page';

export const THEMES = ['light', 'dark'] as const;
/** A left-to-right and a right-to-left language. */
export const LANGUAGES = ['en', 'ar'] as const;
/** Every view the gallery shows: the catalogue's entries, sign-in views then profile scenes. */
export const VIEWS = VIEW_CATALOGUE.map(({ id, label }) => ({ id, label }));

/** What shows that `<passage-profile>` is in each scene (a selector in its shadow root). */
const SCENE_SHOWN: Record<ProfileScene, string> = {
  ready: '[part~="device-row"]',
  loading: '[part~="spinner"]',
  'signed-out': '[part~="session-notice"]',
  'session-expired': '[part~="session-notice"]',
  'invalid-app': '[part~="app-not-found"]',
  'origin-not-allowed': '[part~="origin-not-allowed"]',
  'server-unreachable': '[part~="server-unreachable"]',
  'load-failed': '[part~="load-failed"]',
  'edit-email': '[part~="row-editing"] #identifier-email',
  'edit-phone': '[part~="row-editing"] #identifier-phone',
  'edit-metadata': '[part~="metadata"] [part~="primary-button"]',
  'rename-device': 'input[id^="rename-"]',
  'learn-more': 'dialog[open][part~="modal"]',
  'confirm-delete': 'dialog[open][part~="modal-danger"]',
  'sign-in-accounts': '[part~="social-row-github"] [part~="social-remove"]',
  'sign-in-accounts-refused': '[part~="sign-in-accounts"] [part~="alert"]:not(:empty)',
};

/** What one figure of the gallery shows, read in the page. */
export interface FigureSummary {
  section: string;
  view: string;
  caption: string;
  theme: string | null;
  lang: string | null;
  /** Whether its view is on screen (not the spinner shown while its chunk loads or its preview starts). */
  shown: boolean;
}

/** What shows each view is on screen, by id (selectors in its element's shadow root). */
const SHOWN: Record<string, string[]> = Object.fromEntries(
  VIEW_CATALOGUE.map((entry) => [
    entry.id,
    entry.element === 'sign-in' ? viewShownSelectors(entry.view) : [SCENE_SHOWN[entry.scene]],
  ]),
);

/** Every figure of the gallery, in page order. */
export function figures(page: Page): Promise<FigureSummary[]> {
  return page.evaluate((shownBy) => {
    const gallery = document.querySelector('passage-view-gallery')?.shadowRoot;
    return [...(gallery?.querySelectorAll<HTMLElement>('figure[data-view]') ?? [])].map((figure) => {
      const view = figure.dataset.view ?? '';
      const element = figure.querySelector('passage-profile, passage-view-preview')?.shadowRoot;
      const container = element?.querySelector('[part~="container"]');
      const shown = shownBy[view] ?? [];
      return {
        section: figure.closest('section')?.querySelector('h2')?.textContent ?? '',
        view,
        caption: figure.querySelector('figcaption')?.textContent ?? '',
        theme: container?.getAttribute('data-theme') ?? null,
        lang: container?.getAttribute('lang') ?? null,
        shown: shown.length > 0 && shown.every((selector) => element?.querySelector(selector) != null),
      };
    });
  }, SHOWN);
}

/**
 * Opens /dev/views (narrowed by `query`, e.g. `?theme=dark&language=ar`) with reduced motion, and
 * waits until every figure shows its view, with the parts that arrive in chunks of their own, and the
 * fonts have loaded. One check of the whole page at a time: a locator per figure would take long.
 * Then nothing keeps focus (a scene's edit or dialog takes it, whichever opened last).
 */
export async function openGallery(page: Page, query = ''): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/dev/views${query}`);
  await page.locator('figure[data-view]').first().waitFor();
  await expectEventually(async () => (await figures(page)).every((figure) => figure.shown));
  await page.evaluate(async () => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    (active as HTMLElement | null)?.blur();
    await document.fonts.ready;
  });
}

async function expectEventually(check: () => Promise<boolean>, timeout = 20_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the gallery did not show every view in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
