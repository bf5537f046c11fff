// One load of a page in a fresh browser context: which scripts it requested before its identifier input
// first showed, and which by network idle, each at its gzip -9 size (the file under the site folder,
// measured here: a resource still downloading has no size yet in the page).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const gzipped = new Map();
/** gzip -9 bytes of a file of the site, by its URL path. */
function gzipBytes(site, path) {
  if (!gzipped.has(path)) gzipped.set(path, gzipSync(readFileSync(join(site, path)), { level: 9 }).length);
  return gzipped.get(path);
}

/**
 * Notes the moment the first visible text, email or tel input shows (checked every frame, looking
 * into open shadow roots, as every widget here renders in one).
 */
function watchForInput() {
  const visibleInput = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (
        el.tagName === 'INPUT' &&
        ['text', 'email', 'tel'].includes(el.type) &&
        el.getBoundingClientRect().height > 0
      )
        return true;
      if (el.shadowRoot && visibleInput(el.shadowRoot)) return true;
    }
    return false;
  };
  const check = () => {
    if (visibleInput(document)) window.formShownAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/**
 * Loads `url` in a new context of `browser` (`prepare(page)` may route its requests); resolves the
 * scripts' bytes requested before the input showed (`first`, null when no input is expected) and by
 * network idle (`idle`), and how many scripts each holds.
 */
export async function measure(browser, url, { site, expectInput = true, prepare, slowdown = 1 }) {
  const context = await browser.newContext({ bypassCSP: true });
  try {
    const page = await context.newPage();
    const problems = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
    if (prepare) await prepare(page);
    if (slowdown > 1)
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await page.addInitScript(watchForInput);
    await page.goto(url);
    if (expectInput) {
      await page
        .waitForFunction(() => window.formShownAt !== undefined, null, { timeout: 30_000 })
        .catch((error) => {
          throw new Error(`${url}: no identifier input within 30 s\n${problems.join('\n')}`, {
            cause: error,
          });
        });
    }
    await page.waitForLoadState('networkidle');
    const { shownAt, requested } = await page.evaluate(() => ({
      shownAt: window.formShownAt ?? null,
      requested: performance
        .getEntriesByType('resource')
        .map((e) => ({ url: e.name, startTime: e.startTime })),
    }));
    const origin = new URL(url).origin;
    const scripts = requested
      .map((r) => ({ ...r, path: new URL(r.url).pathname }))
      .filter((r) => r.url.startsWith(origin) && /\.m?js$/.test(r.path))
      .map((r) => ({ ...r, bytes: gzipBytes(site, r.path) }));
    const sum = (list) => list.reduce((total, r) => total + r.bytes, 0);
    const first = expectInput ? scripts.filter((r) => r.startTime <= shownAt) : null;
    return {
      first: first && sum(first),
      firstScripts: first?.length ?? null,
      idle: sum(scripts),
      idleScripts: scripts.length,
      shownAt,
      scripts,
    };
  } finally {
    await context.close();
  }
}

/** The median of numbers (the lower middle one of an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}
