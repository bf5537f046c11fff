import type { Portfolio } from '../content/types';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const absolute = (content: Portfolio, path: string) => new URL(path, `${content.siteUrl}/`).href;

/** schema.org `Person` for search engines; `<` is escaped so the content can never close the script. */
export function personJsonLd(content: Portfolio): string {
  const person = {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: content.name,
    jobTitle: content.jobTitle,
    description: content.description,
    url: `${content.siteUrl}/`,
    image: absolute(content, content.headshot.src),
    sameAs: content.links.filter((link) => link.href.startsWith('http')).map((link) => link.href),
  };
  return JSON.stringify(person).replace(/</g, '\\u003c');
}

/** The `<head>` tags of the prerendered `/`: title, description, canonical, Open Graph, Twitter, JSON-LD. */
export function headTags(content: Portfolio): string {
  const url = `${content.siteUrl}/`;
  const image = absolute(content, content.socialImage.src);
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(content.pageTitle)}</title>`,
    meta('name', 'description', content.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'profile'),
    meta('property', 'og:title', content.pageTitle),
    meta('property', 'og:description', content.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', String(content.socialImage.width)),
    meta('property', 'og:image:height', String(content.socialImage.height)),
    meta('property', 'og:image:alt', content.socialImage.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', content.pageTitle),
    meta('name', 'twitter:description', content.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', content.socialImage.alt),
    `<script type="application/ld+json">${personJsonLd(content)}</script>`,
  ].join('\n    ');
}

export function sitemapXml(content: Portfolio): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>${escapeHtml(`${content.siteUrl}/`)}</loc></url>
</urlset>
`;
}

/** Everything may be crawled: the host pages hold nothing but what anyone without a session sees. */
export function robotsTxt(content: Portfolio): string {
  return `User-agent: *
Allow: /

Sitemap: ${content.siteUrl}/sitemap.xml
`;
}

/** The `<head>` tags of a prerendered host page: the title naming it, its description and canonical URL. */
export function hostPageHead(
  content: Portfolio,
  path: string,
  page: { title: string; description: string },
): string {
  return [
    `<title>${escapeHtml(`${page.title} · ${content.name}`)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(absolute(content, path))}" />`,
  ].join('\n    ');
}
