/** The pages showing the panel now (or about to, once its module has loaded). */
let users = 0;

/**
 * The elements' debug panel (docs/debug-panel.md) on the sign-in and account pages under `npm run dev`
 * (Vite's dev server). The pages import this module only in a branch on `import.meta.env.DEV`, which a
 * production build drops, so neither this module nor the panel is part of the built site. Under
 * `npm start` in development the server adds the panel to the built pages instead.
 * Resolves with what removes the panel again, once no page shows it.
 */
export async function showDevTools(): Promise<() => void> {
  users += 1;
  const { attachDebugPanel } = await import('open-passage/debug-panel');
  const panel = attachDebugPanel();
  // The pages share one panel, and React's StrictMode mounts each page twice: the last one out removes it,
  // whatever order the module loads finish in.
  return () => {
    users -= 1;
    if (users === 0) panel?.remove();
  };
}
