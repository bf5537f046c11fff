// The live log's sources: the target element's DOM events, and its hook properties (beforeAuth,
// onSuccess, onEvent) wrapped so each call is logged while the host's own callback still runs.
import { hostEventDomName, navigateToRedirect } from '../../components/sign-in/host-api';
import { HOST_EVENT_NAMES } from '../../flow/host-event-names';

export type Log = (source: string, name: string, detail?: unknown) => void;

/** The DOM events of the sign-in elements (`onLoaded` → `loaded`) and of the profile. */
export const HOST_DOM_EVENTS = [...HOST_EVENT_NAMES.map(hostEventDomName), 'passageProfileChange'];

/** Logs every DOM event of `target` until the returned function is called. */
export function listenToEvents(target: HTMLElement, log: Log): () => void {
  const listener = (event: Event) => log('event', event.type, (event as CustomEvent).detail);
  for (const name of HOST_DOM_EVENTS) target.addEventListener(name, listener);
  return () => HOST_DOM_EVENTS.forEach((name) => target.removeEventListener(name, listener));
}

type Callback = (...args: unknown[]) => unknown;

/** What a hook does when the host set none (onSuccess navigates to redirect_url; the others nothing). */
const DEFAULTS: Record<string, Callback | undefined> = {
  onSuccess: navigateToRedirect as Callback,
  beforeAuth: () => true,
};

function logged(name: string, host: Callback | undefined, log: Log): Callback {
  return (...args) => {
    log('hook', name, args.length === 1 ? args[0] : args);
    return (host ?? DEFAULTS[name])?.(...args);
  };
}

/** The accessor Stencil defines for a prop, on the element's class or a class it extends. */
function accessorOf(target: HTMLElement, name: string): PropertyDescriptor | undefined {
  for (
    let proto = Object.getPrototypeOf(target) as object | null;
    proto;
    proto = Object.getPrototypeOf(proto)
  ) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (descriptor) return descriptor.get && descriptor.set ? descriptor : undefined;
  }
  return undefined;
}

/**
 * Wraps the sign-in hooks of `target`: the element holds a wrapper that logs each call and then calls
 * the host's callback (or the element's default), and a callback the host sets later is wrapped too.
 * The element reads its props through the element itself in the custom-elements build, so the
 * property gives the wrapper, not the host's function. Returns the function that puts the host's
 * callbacks back.
 */
export function wrapHooks(target: HTMLElement, log: Log): () => void {
  const element = target as unknown as Record<string, unknown>;
  const restore: (() => void)[] = [];
  for (const name of ['beforeAuth', 'onSuccess', 'onEvent']) {
    const accessor = accessorOf(target, name);
    if (!accessor) continue;
    let host = accessor.get!.call(target) as Callback | undefined;
    let wrapper = logged(name, host, log);
    accessor.set!.call(target, wrapper);
    Object.defineProperty(target, name, {
      configurable: true,
      enumerable: true,
      get: () => wrapper,
      set: (value: Callback | undefined) => {
        host = value;
        wrapper = logged(name, value, log);
        accessor.set!.call(target, wrapper);
      },
    });
    restore.push(() => {
      delete element[name];
      accessor.set!.call(target, host);
    });
  }
  return () => restore.forEach((undo) => undo());
}
