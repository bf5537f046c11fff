import createCache from '@emotion/cache';
import { renderToString } from 'react-dom/server';
import { preloadContactForm } from './contact/ContactSection';
import { preloadSections } from './home/HomePage';
import { portfolio } from './content/portfolio';
import { validatePortfolio } from './content/validate';
import { HomeApp } from './HomeApp';
import { routes } from './routes';
import { headTags, robotsTxt, sitemapXml } from './seo/headTags';
import { CSP_NONCE_PLACEHOLDER } from './theme/emotionCache';

export { CSP_NONCE_PLACEHOLDER };

/**
 * Build-time rendering of `/` (run by scripts/prerender.mjs). Emotion runs in "compat" mode so no `<style>`
 * lands inside the markup React hydrates; the collected rules go into one `<style>` in the head, which the
 * browser's Emotion cache adopts (its `data-emotion` names) instead of inserting them again. That `<style>`
 * carries the nonce placeholder, which the server replaces with each answer's nonce.
 */
export async function renderHome() {
  const content = validatePortfolio(portfolio);
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  // So the lazily hydrated parts render in full, not as their (empty) fallbacks.
  await Promise.all([preloadContactForm(), preloadSections()]);
  const html = renderToString(<HomeApp cache={cache} />);
  const rules = Object.entries(cache.inserted).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  const styles = `<style data-emotion="css ${rules.map(([name]) => name).join(' ')}" nonce="${CSP_NONCE_PLACEHOLDER}">${rules
    .map(([, css]) => css)
    .join('')}</style>`;
  return {
    html,
    styles,
    head: headTags(content),
    sitemap: sitemapXml(content),
    robots: robotsTxt(content),
    pages: pagePaths(),
  };
}

/** The paths the router has a page for: the server answers any other path with its 404 status. */
export function pagePaths(): string[] {
  return routes.flatMap((route) => (route.path && route.path !== '*' ? [route.path] : []));
}
