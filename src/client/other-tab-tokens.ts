import { REFRESH_TOKEN_KEY } from './token-store';

/**
 * Resolves once tokens another tab stored have reached this tab's copy of localStorage (a `storage` event
 * for the refresh token, or `clear()`), or after `timeoutMs`. Browsers copy localStorage writes between tabs
 * asynchronously: a tab that got the refresh lock right after another tab let go of it can still read the
 * tokens that tab has just spent.
 */
export function tokensFromOtherTab(timeoutMs: number): Promise<void> {
  if (typeof window === 'undefined' || typeof window.addEventListener !== 'function')
    return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('storage', onStorage);
      resolve();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === REFRESH_TOKEN_KEY || event.key === null) done();
    };
    const timer = setTimeout(done, timeoutMs);
    window.addEventListener('storage', onStorage);
  });
}
