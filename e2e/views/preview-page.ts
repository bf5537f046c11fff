import { readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Locator, type Page, test } from '@playwright/test';

const root = fileURLToPath(new URL('../../', import.meta.url));
const www = join(root, 'www');
const axeSource = readFileSync(join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.css': 'text/css' };

/** The origin the preview page is served from (routed by Playwright from the built www/ folder). */
export const PREVIEW_ORIGIN = 'http://views.localhost';

const previewHtml = (
  more = '',
  head = '',
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>View preview</title>${head}
<script type="module" src="/build/open-passage.esm.js"></script></head>
<body><main><h1 tabindex="-1">View preview</h1><passage-view-preview></passage-view-preview>${more}</main></body></html>`;

export interface PreviewOptions {
  /** A Content-Security-Policy header for the page and the files it loads. */
  csp?: string;
  /** More markup after the preview element. */
  more?: string;
  /** More markup in the head. */
  head?: string;
  /** Skip axe-core (its injected script is inline: a strict policy would refuse it). */
  axe?: boolean;
}

/** Opens a page with only the elements loaded and one `<passage-view-preview>`, with axe-core injected. */
export async function openPreview(page: Page, options: PreviewOptions = {}): Promise<void> {
  const headers = options.csp ? { 'Content-Security-Policy': options.csp } : undefined;
  await page.route(`${PREVIEW_ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/')
      return route.fulfill({
        contentType: 'text/html',
        headers,
        body: previewHtml(options.more, options.head),
      });
    const file = normalize(join(www, path));
    if (!file.startsWith(www)) return route.fulfill({ status: 404 });
    try {
      return route.fulfill({
        contentType: TYPES[extname(file)] ?? 'application/octet-stream',
        headers,
        body: readFileSync(file),
      });
    } catch {
      return route.fulfill({ status: 404 });
    }
  });
  // Reduced motion: no fade, so axe sees final colours (and the reduced-motion path is exercised).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${PREVIEW_ORIGIN}/`);
  if (options.axe !== false) await page.addScriptTag({ content: axeSource });
  await page.locator('passage-view-preview').evaluate((el) => customElements.whenDefined(el.localName));
}

/**
 * One preview page for the whole file (each test only swaps the state it shows): opened before the
 * first test, closed after the last. Call at the top of a file; the returned function gives the page.
 */
export function usePreviewPage(): () => Page {
  test.describe.configure({ mode: 'serial' });
  let page: Page | undefined;
  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await openPreview(page);
  });
  test.afterAll(() => page?.close());
  return () => {
    if (!page) throw new Error('the preview page is not open');
    return page;
  };
}

/** Sets what the preview shows and waits for it to render. */
export async function showView(
  page: Page,
  props: { state: unknown; theme?: 'light' | 'dark'; language?: string; customization?: unknown },
): Promise<void> {
  await page.locator('passage-view-preview').evaluate(async (el, p) => {
    Object.assign(el, { theme: 'light', language: 'en', customization: undefined, ...p });
    await (el as unknown as { componentOnReady(): Promise<unknown> }).componentOnReady();
  }, props);
  await viewOnScreen(page.locator('passage-view-preview'), props.state);
}

/**
 * What shows that a `<passage-view-preview>` shows the given state (selectors in its shadow root): the
 * view of its kind (views after the identifier form arrive in a lazy chunk), and the identifier form's
 * metadata fields and country dropdown, which arrive in chunks of their own.
 */
export function viewShownSelectors(state: unknown): string[] {
  const kind = (state as { kind: string }).kind;
  const form = state as {
    metadata?: unknown[];
    allowedIdentifier?: string;
    identifier?: string;
    social?: unknown[];
    socialError?: unknown;
  };
  // (With both identifiers allowed, the dropdown shows once a phone number is typed: the samples' start with +.)
  const phone =
    form.allowedIdentifier === 'phone' ||
    (form.allowedIdentifier === 'both' && form.identifier?.startsWith('+'));
  return [
    `.view[part~="view-${kind}"]`,
    ...(kind === 'identifier' && form.metadata?.length ? ['[part~="metadata-grid"]'] : []),
    ...(kind === 'identifier' && phone ? ['[role="combobox"]'] : []),
    // The provider buttons and a callback's error arrive with a chunk of their own.
    ...(kind === 'identifier' && form.social?.length ? ['[part~="social-buttons"]'] : []),
    ...(kind === 'identifier' && form.socialError ? ['[part~="social-error"] span'] : []),
  ];
}

/** Waits until a `<passage-view-preview>` shows the given state (see viewShownSelectors). */
export async function viewOnScreen(preview: Locator, state: unknown): Promise<void> {
  for (const selector of viewShownSelectors(state)) await preview.locator(selector).waitFor();
}

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: unknown[]; failureSummary: string }[];
}

/** axe-core's violations inside the preview (it walks into the shadow root by itself). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}
