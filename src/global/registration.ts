/**
 * When custom element registration fails: the elements can only be defined where the browser's
 * custom-element registry exists. Imported somewhere else (server-side rendering, a Node script) the
 * page would silently show nothing, so say what to do instead.
 */
export const CLIENT_SIDE_IMPORT_ADVICE =
  '[open-passage] No customElements registry here (server-side rendering?): import open-passage on the client side.';

/** Logs the advice when there is no registry; true when the elements can be registered. */
export function checkRegistry(
  scope: { customElements?: unknown } = globalThis,
  log: (message: string) => void = (message) => console.error(message),
): boolean {
  if (typeof scope.customElements === 'object' && scope.customElements !== null) return true;
  log(CLIENT_SIDE_IMPORT_ADVICE);
  return false;
}
