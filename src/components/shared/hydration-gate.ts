/**
 * When an element may ask its server for the app: not while a framework that rendered it on the server
 * has yet to hydrate it. Such a page's HTML holds the element before the framework's script sets its
 * properties (`apiUrl` above all): asking then would ask the page's own origin. The server render marks
 * the element with `defer-hydration` (the community protocol for server-rendered custom elements, which
 * @lit/react follows): the framework removes it once it has set the properties. Without the attribute
 * (plain HTML, a script tag, an element a framework created in the browser) nothing waits.
 * See docs/server-rendering.md.
 */
export const DEFER_HYDRATION = 'defer-hydration';

/** What an element does with its app now: load it, wait for hydration, or nothing (not in a page). */
export type StartDecision = 'start' | 'wait-for-hydration' | 'idle';

export interface HostState {
  isConnected: boolean;
  /** The host carries `defer-hydration`. */
  deferred: boolean;
}

export function startDecision(host: HostState): StartDecision {
  if (!host.isConnected) return 'idle';
  return host.deferred ? 'wait-for-hydration' : 'start';
}

/**
 * Calls `start` once `host` no longer carries `defer-hydration` (at once when it does not); returns a
 * function that stops waiting. A host that is not connected starts nothing.
 */
export function startWhenHydrated(host: HTMLElement, start: () => void): () => void {
  const state = (): HostState => ({
    isConnected: host.isConnected,
    deferred: host.hasAttribute(DEFER_HYDRATION),
  });
  const decision = startDecision(state());
  if (decision === 'start') start();
  if (decision !== 'wait-for-hydration') return () => undefined;
  const observer = new MutationObserver(() => {
    if (startDecision(state()) === 'wait-for-hydration') return;
    observer.disconnect();
    if (host.isConnected) start();
  });
  observer.observe(host, { attributes: true, attributeFilter: [DEFER_HYDRATION] });
  return () => observer.disconnect();
}
