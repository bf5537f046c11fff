/**
 * A stale-result guard: async work asks for a ticket before it starts and checks it before it
 * applies its result, so a load that finishes after a newer one began cannot overwrite it.
 *
 * ```ts
 * const loads = latest();
 * async function load() {
 *   const fresh = loads.next(); // makes every older ticket stale
 *   const result = await fetchSomething();
 *   if (fresh()) apply(result);
 * }
 * ```
 * `current()` joins the present generation without ending it (an action started under the current
 * load, dropped if a new load begins meanwhile). No DOM, no dependencies: usable in flows and tests.
 */
export interface Latest {
  /** Starts a new generation; every ticket handed out before is stale from now on. */
  next(): () => boolean;
  /** A ticket for the present generation. */
  current(): () => boolean;
}

export function latest(): Latest {
  let generation = 0;
  const ticket = (mine: number) => () => mine === generation;
  return { next: () => ticket(++generation), current: () => ticket(generation) };
}
