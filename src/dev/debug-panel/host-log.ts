// The live log's sources: the target element's DOM events (its host events, `loaded`, …, and the
// profile's change) and its hook calls (beforeAuth, onSuccess, onEvent), which a sign-in element shows
// only to a tool that opted in by setting its tap (src/components/sign-in/hook-event.ts).
import { HOOK_TAP_KEY, type HookTap, hookTapOf } from '../../components/sign-in/hook-event';
import { hostEventDomName } from '../../components/sign-in/host-api';
import { HOST_EVENT_NAMES } from '../../flow/host-event-names';

export type Log = (source: string, name: string, detail?: unknown) => void;

/** The DOM events of the sign-in elements (`onLoaded` → `loaded`) and of the profile. */
export const HOST_DOM_EVENTS = [...HOST_EVENT_NAMES.map(hostEventDomName), 'passageProfileChange'];

/** Logs every host event and hook call of `target` until the returned function is called. */
export function listenToEvents(target: HTMLElement, log: Log): () => void {
  const onEvent = (event: Event) => log('event', event.type, (event as CustomEvent).detail);
  // Called by the element before its callback, inside its flow: a failure here must not reach it.
  const tap: HookTap = (name, args) => {
    try {
      log('hook', name, args.length === 1 ? args[0] : args);
    } catch (error) {
      console.error(error);
    }
  };
  const key = Symbol.for(HOOK_TAP_KEY);
  for (const name of HOST_DOM_EVENTS) target.addEventListener(name, onEvent);
  (target as unknown as Record<symbol, HookTap | undefined>)[key] = tap;
  return () => {
    HOST_DOM_EVENTS.forEach((name) => target.removeEventListener(name, onEvent));
    // Another tool may have set its own tap since: that one stays.
    if (hookTapOf(target) === tap) delete (target as unknown as Record<symbol, unknown>)[key];
  };
}
