// The live log's sources, all DOM events of the target element: its host events (`loaded`, …, and the
// profile's change) and the announcements of its hook calls (beforeAuth, onSuccess, onEvent), which
// the sign-in elements dispatch themselves (src/components/sign-in/hook-event.ts).
import { HOOK_EVENT, type HookCall } from '../../components/sign-in/hook-event';
import { hostEventDomName } from '../../components/sign-in/host-api';
import { HOST_EVENT_NAMES } from '../../flow/host-event-names';

export type Log = (source: string, name: string, detail?: unknown) => void;

/** The DOM events of the sign-in elements (`onLoaded` → `loaded`) and of the profile. */
export const HOST_DOM_EVENTS = [...HOST_EVENT_NAMES.map(hostEventDomName), 'passageProfileChange'];

/** Logs every host event and hook call of `target` until the returned function is called. */
export function listenToEvents(target: HTMLElement, log: Log): () => void {
  const onEvent = (event: Event) => log('event', event.type, (event as CustomEvent).detail);
  const onHook = (event: Event) => {
    const { name, args } = (event as CustomEvent<HookCall>).detail;
    log('hook', name, args.length === 1 ? args[0] : args);
  };
  for (const name of HOST_DOM_EVENTS) target.addEventListener(name, onEvent);
  target.addEventListener(HOOK_EVENT, onHook);
  return () => {
    HOST_DOM_EVENTS.forEach((name) => target.removeEventListener(name, onEvent));
    target.removeEventListener(HOOK_EVENT, onHook);
  };
}
