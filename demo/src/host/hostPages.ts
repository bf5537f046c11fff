import type { ComponentType } from 'react';

/** A page beside the portfolio that the build prerenders (scripts/prerender.mjs) and the browser hydrates. */
export interface HostPageEntry {
  /** The tab's title as prerendered (before the owner's name); a page may change it once it knows more. */
  title: string;
  /** Its `<meta name="description">`, for search results. */
  description: string;
  /** Its component (a chunk of its own, so `/passage` never loads the account page's code). */
  load: () => Promise<ComponentType>;
}

/**
 * The prerendered host pages, by path. They are crawlable: what anyone without a session sees there (the
 * sign-in form; "not signed in" and a way to sign in) is all the served HTML ever holds; the profile's data
 * arrives only through the API with the visitor's token.
 */
export const HOST_PAGES: Record<string, HostPageEntry> = {
  '/passage': {
    title: 'Sign in',
    description:
      'Sign in or create an account with a passkey, a one-time code or a magic link: no password needed.',
    load: async () => (await import('../pages/PassagePage')).PassagePage,
  },
  '/passageSuccess': {
    title: 'Your account',
    description: 'Your account: your email address, your passkeys and your profile, after signing in.',
    load: async () => (await import('../pages/PassageSuccessPage')).PassageSuccessPage,
  },
};

/** The host page at `path` (a trailing slash as the server reads it), if there is one. */
export function hostPageAt(path: string): HostPageEntry | undefined {
  return HOST_PAGES[path.replace(/(.)\/+$/, '$1')];
}
