import { useEffect, useState } from 'react';

/**
 * Whether the widget left a session here: the tokens it stores (docs/profile-element.md). A browser
 * that refuses storage (some privacy settings throw on access) has none.
 */
export function hasStoredSession(storage?: Storage): boolean {
  try {
    const store = storage ?? localStorage;
    return store.getItem('psg_auth_token') !== null || store.getItem('psg_refresh_token') !== null;
  } catch {
    return false;
  }
}

/**
 * The stored session, read after mount (`null` until then): the host pages are prerendered without one,
 * and hydration must find the markup the prerender wrote.
 */
export function useStoredSession(): boolean | null {
  const [stored, setStored] = useState<boolean | null>(null);
  useEffect(() => setStored(hasStoredSession()), []);
  return stored;
}
