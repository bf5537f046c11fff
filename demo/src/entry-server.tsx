import createCache, { type EmotionCache } from '@emotion/cache';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { preloadContactForm } from './contact/ContactSection';
import { preloadSections } from './home/HomePage';
import { portfolio } from './content/portfolio';
import { validatePortfolio } from './content/validate';
import { HomeApp } from './HomeApp';
import { HostApp } from './host/HostApp';
import { HOST_PAGES } from './host/hostPages';
import { routes } from './routes';
import { headTags, hostPageHead, robotsTxt, sitemapXml } from './seo/headTags';
import { CSP_NONCE_PLACEHOLDER } from './theme/emotionCache';

export { CSP_NONCE_PLACEHOLDER };

/**
 * Renders `app` for the build, with its styles. Emotion runs in "compat" mode so no `<style>` lands inside
 * the markup React hydrates; the collected rules go into one `<style>` in the head, which the browser's
 * Emotion cache adopts (its `data-emotion` names) instead of inserting them again. That `<style>` carries
 * the nonce placeholder, which the server replaces with each answer's nonce.
 */
function renderWithStyles(app: (cache: EmotionCache) => ReactElement) {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const html = renderToString(app(cache));
  const rules = Object.entries(cache.inserted).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  const styles = `<style data-emotion="css ${rules.map(([name]) => name).join(' ')}" nonce="${CSP_NONCE_PLACEHOLDER}">${rules
    .map(([, css]) => css)
    .join('')}</style>`;
  return { html, styles };
}

/** Build-time rendering of `/` (run by scripts/prerender.mjs). */
export async function renderHome() {
  const content = validatePortfolio(portfolio);
  // So the lazily hydrated parts render in full, not as their (empty) fallbacks.
  await Promise.all([preloadContactForm(), preloadSections()]);
  return {
    ...renderWithStyles((cache) => <HomeApp cache={cache} />),
    head: headTags(content),
    sitemap: sitemapXml(content),
    robots: robotsTxt(content),
    pages: pagePaths(),
  };
}

/**
 * Build-time rendering of the host pages (`/passage`, `/passageSuccess`): each one's markup, styles and
 * head tags, by path. Their elements render in the browser only.
 */
export async function renderHostPages() {
  const pages = Object.entries(HOST_PAGES).map(async ([path, page]) => {
    const Page = await page.load();
    const rendered = renderWithStyles((cache) => <HostApp Page={Page} cache={cache} />);
    return { path, ...rendered, head: hostPageHead(portfolio, path, page) };
  });
  return Promise.all(pages);
}

/** The paths the router has a page for: the server answers any other path with its 404 status. */
export function pagePaths(): string[] {
  return routes.flatMap((route) => (route.path && route.path !== '*' ? [route.path] : []));
}
