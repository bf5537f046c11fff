import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * What the build writes wherever a page needs its CSP nonce; the identity server replaces it with a fresh
 * nonce in every page it sends (docs/server/configuration.md, docs/demo.md).
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** The page's nonce, from `<meta name="csp-nonce">` (the elements read the same tag). */
export function pageNonce(doc: Document = document): string | undefined {
  const nonce = doc.querySelector('meta[name="csp-nonce"]')?.getAttribute('content');
  // Served without the server (the Vite dev server): no policy, and nothing to carry.
  return nonce && nonce !== CSP_NONCE_PLACEHOLDER ? nonce : undefined;
}

let browserCache: EmotionCache | undefined;

/**
 * The browser's Emotion cache: its `<style>` elements carry the page's nonce, so the site's policy
 * (`style-src 'self' 'nonce-…'`) allows them. It adopts the prerendered styles by their `data-emotion`
 * names instead of inserting them again.
 */
export function emotionCache(): EmotionCache {
  browserCache ??= createCache({ key: 'css', nonce: pageNonce() });
  return browserCache;
}
