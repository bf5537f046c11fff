/**
 * The elements' debug panel (docs/debug-panel.md) on the sign-in and account pages under `npm run dev`
 * (Vite's dev server). The pages import this module only in a branch on `import.meta.env.DEV`, which a
 * production build drops, so neither this module nor the panel is part of the built site. Under
 * `npm start` in development the server adds the panel to the built pages instead.
 * Resolves with what removes the panel again.
 */
export async function showDevTools(): Promise<() => void> {
  const { attachDebugPanel } = await import('open-passage/debug-panel');
  const panel = attachDebugPanel();
  return () => panel?.remove();
}
