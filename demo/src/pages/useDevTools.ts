import { useEffect } from 'react';

/** The debug panel under `npm run dev` only: a production build drops this branch (devTools.ts). */
export function useDevTools(): void {
  useEffect(() => {
    if (!import.meta.env.DEV) return;
    const hide = import('./devTools').then((module) => module.showDevTools());
    return () => void hide.then((remove) => remove());
  }, []);
}
