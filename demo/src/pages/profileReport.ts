import { useSyncExternalStore } from 'react';
import { useStoredSession } from './session';

/** What `<passage-profile>` last said about the session: signed in, signed out, or nothing yet. */
let reported: boolean | null = null;
const listeners = new Set<() => void>();

/** The `passageProfileChange` types that settle whether someone is signed in (docs/profile-element.md). */
const SIGNED_IN: Record<string, boolean | undefined> = {
  loaded: true,
  'signed-out': false,
  'session-expired': false,
};

function record(event: Event) {
  const signedIn = SIGNED_IN[(event as CustomEvent<{ type?: string }>).detail?.type ?? ''];
  if (signedIn === undefined || signedIn === reported) return;
  reported = signedIn;
  for (const listener of listeners) listener();
}

// Listens on the document from the moment this module runs, before the page hydrates: the profile can
// report before React has attached the page's own handler (a refused token is known after one request),
// and that report must not be lost. The event bubbles and is composed, so the document hears every profile.
if (typeof document !== 'undefined') document.addEventListener('passageProfileChange', record);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether someone is signed in here: what the profile reported, or before it has, whether the widget left
 * tokens here; `null` while neither is known. The prerendered page knows neither, so hydration renders
 * `null` and the browser's answer follows.
 */
export function useSignedIn(): boolean | null {
  const fromProfile = useSyncExternalStore(
    subscribe,
    () => reported,
    () => null,
  );
  const stored = useStoredSession();
  return fromProfile ?? stored;
}

/** Forgets what was reported (for tests, which share this module). */
export function forgetProfileReports() {
  reported = null;
}
