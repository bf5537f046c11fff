import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { HomeApp } from './HomeApp';

/** Makes the prerendered portfolio interactive (or renders it, if the HTML came without it). */
export function hydrateHome(root: HTMLElement) {
  const prerendered = root.firstElementChild !== null;
  const app = (
    <StrictMode>
      <HomeApp themeVariablesInPage={prerendered} />
    </StrictMode>
  );
  if (!prerendered) {
    createRoot(root).render(app);
    return;
  }
  // In a transition React hydrates in small slices and yields to the browser between them, instead of one
  // long task that would block input (and Lighthouse's Total Blocking Time).
  startTransition(() => {
    hydrateRoot(root, app);
  });
}
