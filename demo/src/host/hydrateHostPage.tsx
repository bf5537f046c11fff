import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HostApp } from './HostApp';
import type { HostPageEntry } from './hostPages';

/**
 * Makes a prerendered host page interactive, without the router: its links are plain links, so every page
 * arrives prerendered. Its code is loaded first, so hydration finds the tree the server rendered.
 */
export async function hydrateHostPage(root: HTMLElement, page: HostPageEntry) {
  const Page = await page.load();
  // In a transition React hydrates in slices and yields between them (as hydrateHome does).
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <HostApp Page={Page} themeVariablesInPage />
      </StrictMode>,
    );
  });
}
