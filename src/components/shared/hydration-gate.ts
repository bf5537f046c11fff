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

/**
 * Calls `start` once `host` no longer carries `defer-hydration` (at once when it does not), unless a
 * newer call for the same host came first; returns a function that stops waiting. A host that is not
 * connected then starts nothing.
 */
export function whenHydrated(host: HTMLElement, start: () => void): () => void {
  waiting.get(host)?.();
  const state = (): HostState => ({
    isConnected: host.isConnected,
    deferred: host.hasAttribute(DEFER_HYDRATION),
  });
  const decision = startDecision(state());
  if (decision === 'start') start();
  if (decision !== 'wait-for-hydration') return () => undefined;
  const observer = new MutationObserver(() => {
    if (startDecision(state()) === 'wait-for-hydration') return;
    stop();
    if (host.isConnected) start();
  });
  const stop = () => {
    observer.disconnect();
    if (waiting.get(host) === stop) waiting.delete(host);
  };
  observer.observe(host, { attributes: true, attributeFilter: [DEFER_HYDRATION] });
  waiting.set(host, stop);
  return stop;
}

/**
 * Resolves once `element` shows a view of its own (not its spinner), or after `timeoutMs`, having
 * emptied `root`, the shadow root a server rendered: the element renders into it at once, so the
 * server's form gives way to the element's with no spinner in between.
 */
export function keepServerForm(
  root: ShadowRoot,
  element: { view: { kind: string } },
  timeoutMs = 5000,
): Promise<void> {
  const giveUp = Date.now() + timeoutMs;
  return new Promise((resolve) => {
    const check = () => {
      if (element.view.kind === 'loading' && Date.now() < giveUp) return void setTimeout(check, 50);
      root.replaceChildren();
      resolve();
    };
    check();
  });
}
