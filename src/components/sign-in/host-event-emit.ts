/**
 * The flow's events as the elements' DOM events. Small, and needed as soon as the later steps load
 * (their first event is `onLoaded`), so it is part of the elements' first chunk; the rest of the host
 * API (the default redirect, ./host-api.ts) is fetched on success only.
 */
import type { HostEventArgs, HostEventDetails, HostEventName } from '../../flow/host-events';

/** What the elements' @Event emitters look like: the event name without `on`, first letter lower. */
export type HostEmitters = {
  [K in HostEventName as K extends `on${infer Rest}` ? Uncapitalize<Rest> : never]: {
    emit(detail: HostEventDetails[K]): unknown;
  };
};

/** A flow event's DOM event name (`onMagicLinkActivated` → `magicLinkActivated`). */
export function hostEventDomName(name: HostEventName): string {
  return `${name.charAt(2).toLowerCase()}${name.slice(3)}`;
}

/** Dispatches a flow event as the element's DOM CustomEvent (`onMagicLinkActivated` → `magicLinkActivated`). */
export function emitHostEvent(element: HostEmitters, ...[name, detail]: HostEventArgs): void {
  const key = hostEventDomName(name) as keyof HostEmitters;
  (element[key] as { emit(detail: unknown): unknown }).emit(detail);
}
