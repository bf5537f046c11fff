import { useEffect } from 'react';

/**
 * The debug panel under `npm run dev` only: a production build drops this branch (devTools.ts). Used by
 * HostPage alone, so it adds no chunk of its own to the pages.
 */
export function useDevTools(show: boolean): void {
  useEffect(() => {
    if (!import.meta.env.DEV || !show) return;
    const hide = import('./devTools').then((module) => module.showDevTools());
    return () => void hide.then((remove) => remove());
  }, [show]);
}
