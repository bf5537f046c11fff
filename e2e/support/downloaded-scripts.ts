import type { Page } from '@playwright/test';

/** Records every script the page downloads; the returned function resolves with their texts so far. */
export function recordScripts(page: Page): () => Promise<string[]> {
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  });
  return () => Promise.all(scripts);
}
