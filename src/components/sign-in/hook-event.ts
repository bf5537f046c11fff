/**
 * The sign-in elements announce each call of a host callback (`beforeAuth`, `onSuccess`, `onEvent`)
 * with a DOM event on themselves, dispatched just before the call, so a development tool (the debug
 * panel) can log the calls without touching the callbacks. The elements write the name out (with
 * `satisfies HookEventName`): an imported constant would be a chunk of its own in the first render.
 *
 *   el.addEventListener(HOOK_EVENT, (e) => console.log((e as CustomEvent<HookCall>).detail.name));
 */
export const HOOK_EVENT = 'passage-hook';
export type HookEventName = typeof HOOK_EVENT;

/** The event's `detail`: which callback is called, with which arguments (the element's default
 * runs when the host set none: `beforeAuth` allows, `onSuccess` goes to `redirect_url`). */
export interface HookCall {
  name: 'beforeAuth' | 'onSuccess' | 'onEvent';
  args: unknown[];
}
