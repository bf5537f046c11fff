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

/** The wait each host is in: a newer one (its app-id or api-url changed meanwhile) replaces it. */
const waiting = new WeakMap<HTMLElement, () => void>();
/** The start each host is due for: the calls of one task (a framework setting several properties
 * as it hydrates the element) start it once, with the last of them. */
const due = new WeakMap<HTMLElement, () => void>();

function startOnce(host: HTMLElement, start: () => void): void {
  const first = !due.has(host);
  due.set(host, start);
  if (!first) return;
  setTimeout(() => {
    const latest = due.get(host);
    due.delete(host);
    latest?.();
  });
}

/**
 * Calls `start` once `host` no longer carries `defer-hydration` (in the next task when it does not),
 * unless a newer call for the same host came first; returns a function that stops waiting. A host
 * that is not connected then starts nothing.
 */
export function whenHydrated(host: HTMLElement, start: () => void): () => void {
  waiting.get(host)?.();
  const state = (): HostState => ({
    isConnected: host.isConnected,
    deferred: host.hasAttribute(DEFER_HYDRATION),
  });
  const decision = startDecision(state());
  if (decision === 'start') startOnce(host, start);
  if (decision !== 'wait-for-hydration') return () => undefined;
  const observer = new MutationObserver(() => {
    if (startDecision(state()) === 'wait-for-hydration') return;
    stop();
    if (host.isConnected) startOnce(host, start);
  });
  const stop = () => {
    observer.disconnect();
    if (waiting.get(host) === stop) waiting.delete(host);
  };
  observer.observe(host, { attributes: true, attributeFilter: [DEFER_HYDRATION] });
  waiting.set(host, stop);
  return stop;
}
