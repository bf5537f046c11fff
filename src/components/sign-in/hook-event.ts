/**
 * How a development tool (the debug panel) sees the sign-in elements call their host callbacks
 * (`beforeAuth`, `onSuccess`, `onEvent`) without touching the callbacks: it opts in by setting a
 * function under `Symbol.for('passage.debug')` on the element, and the element calls it just before
 * each callback with the callback's name and arguments. Without it the element announces nothing:
 * the arguments hold the identifier and, for `onSuccess`, the tokens, which a DOM event would hand to
 * any script of the page (a capture listener on `window` receives even events that do not bubble).
 *
 *   el[Symbol.for('passage.debug')] = (name, args) => console.log(name, args);
 *
 * The elements write the key out (`satisfies typeof HOOK_TAP_KEY`) rather than call `hookTapOf`: an
 * app's bundler keeps the call, and the first render has almost no bytes to spare.
 */
export const HOOK_TAP_KEY = 'passage.debug';

/** The host callbacks a tap sees. */
export type HookName = 'beforeAuth' | 'onSuccess' | 'onEvent';

/**
 * Which callback is called (the element's default runs when the host set none: `beforeAuth` allows,
 * `onSuccess` goes to `redirect_url`), and its arguments: `beforeAuth` gets `[identifier]` (the email
 * or the phone number in E.164), `onSuccess` `[result]` (`auth_token`, `refresh_token`,
 * `refresh_token_expiration`, `redirect_url`), `onEvent` `[name, detail]` (the DOM event's detail).
 */
export type HookTap = (name: HookName, args: unknown[]) => void;

/** The tap of a tool that opted in on `element`, if any. */
export function hookTapOf(element: object): HookTap | undefined {
  return (element as Record<symbol, HookTap | undefined>)[Symbol.for(HOOK_TAP_KEY)];
}
