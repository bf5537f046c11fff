#!/usr/bin/env node
// Build step after `vite build` and the SSR build: writes the portfolio into dist/index.html (markup, styles,
// head tags) and each host page into dist/pages/ (from the app shell, app.html), inlines the small entry
// stylesheet, preloads the fonts, and writes sitemap.xml, robots.txt and routes.json (the router's page
// paths, so the server can answer other paths with a 404 status, and which of them are prerendered).
// The content is validated here: a missing field stops the build with its name. Both pages must pass the
// site's Content-Security-Policy (docs/demo.md): an inline style or script it would block stops the build.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const ssrDir = `${dist}.ssr/`;

let rendered;
let hostPages;
let nonce;
try {
  const server = await import(pathToFileURL(`${ssrDir}entry-server.js`).href);
  nonce = server.CSP_NONCE_PLACEHOLDER;
  rendered = await server.renderHome();
  hostPages = await server.renderHostPages();
} catch (error) {
  console.error(`prerender failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
} finally {
  rmSync(ssrDir, { recursive: true, force: true });
}

const assets = readdirSync(`${dist}assets`);
const fontPreloads = assets
  .filter((file) => /^work-sans-latin-(400|600)-normal-.*\.woff2$/.test(file))
  .map((file) => `<link rel="preload" href="/assets/${file}" as="font" type="font/woff2" crossorigin />`);

/** `page` with `from` replaced by `to`; the build stops if `from` is not there (the template changed). */
function replaceOnce(page, from, to, name) {
  if (!page.includes(from)) throw new Error(`prerender: ${name} has no ${from}`);
  return page.replace(from, to);
}

/** The entry stylesheet is only the @font-face rules: inline it rather than block rendering on a request. */
function inlineSmallStylesheets(page) {
  return page.replace(/<link rel="stylesheet" crossorigin href="\/assets\/([^"]+\.css)">/g, (tag, file) => {
    const css = readFileSync(`${dist}assets/${file}`, 'utf8');
    return css.length < 8192 ? `<style nonce="${nonce}">${css}</style>` : tag;
  });
}

let html = inlineSmallStylesheets(readFileSync(`${dist}index.html`, 'utf8'));
html = html
  .replace('<!--app-head-->', [rendered.head, ...fontPreloads, rendered.styles].join('\n    '))
  .replace('<!--app-html-->', rendered.html);
if (html.includes('<!--app-')) throw new Error('prerender: a placeholder was left in index.html');

// The app shell (the error page, unknown paths) stays out of search results; the host pages do not.
const shell = replaceOnce(
  inlineSmallStylesheets(readFileSync(`${dist}app.html`, 'utf8')),
  '<link rel="icon"',
  `${fontPreloads.join('\n    ')}\n    <link rel="icon"`,
  'app.html',
);
const hostPageFiles = hostPages.map(({ path, head, styles, html: markup }) => {
  const name = `pages${path}.html`;
  let page = replaceOnce(shell, '<meta name="robots" content="noindex" />\n    ', '', name);
  page = replaceOnce(page, '<title>Portfolio</title>', [head, styles].join('\n    '), name);
  page = replaceOnce(page, '<div id="root"></div>', `<div id="root">${markup}</div>`, name);
  return { path, name, page };
});

/**
 * What the policy (`style-src 'self' 'nonce-…'`, `script-src 'self'`) would block: a `style` attribute,
 * a `<style>` without the nonce, an inline script (a JSON-LD data block is not run, so not governed).
 */
function cspProblems(page) {
  // React escapes `"` in text and attribute values, so ` style="` is always an attribute.
  const styleAttributes = page.match(/<[a-z][^>]*\sstyle="[^"]*"/gi) ?? [];
  const styles = (page.match(/<style\b[^>]*>/gi) ?? []).filter((tag) => !tag.includes(`nonce="${nonce}"`));
  const scripts = (page.match(/<script\b[^>]*>/gi) ?? []).filter(
    (tag) => !/\ssrc=/.test(tag) && !tag.includes('type="application/ld+json"'),
  );
  return [...styleAttributes, ...styles, ...scripts];
}
for (const [name, page] of [
  ['index.html', html],
  ['app.html', shell],
  ...hostPageFiles.map(({ name, page }) => [name, page]),
]) {
  if (!page.includes(`<meta name="csp-nonce" content="${nonce}" />`)) {
    throw new Error(`prerender: ${name} has no <meta name="csp-nonce"> for the elements and Emotion`);
  }
  const problems = cspProblems(page);
  if (problems.length > 0) {
    throw new Error(`prerender: the CSP would block these in ${name}:\n  ${problems.join('\n  ')}`);
  }
}

writeFileSync(`${dist}index.html`, html);
writeFileSync(`${dist}app.html`, shell);
mkdirSync(`${dist}pages`, { recursive: true });
for (const { name, page } of hostPageFiles) writeFileSync(`${dist}${name}`, page);
writeFileSync(`${dist}sitemap.xml`, rendered.sitemap);
writeFileSync(`${dist}robots.txt`, rendered.robots);
// For the server: which paths are pages (200) and which are not (the app shell with a 404 status), and the
// file of each prerendered one but `/`.
const prerendered = Object.fromEntries(hostPageFiles.map(({ path, name }) => [path, name]));
writeFileSync(`${dist}routes.json`, `${JSON.stringify({ pages: rendered.pages, prerendered })}\n`);
console.log(
  `prerendered / (${Math.round(html.length / 1024)} kB HTML), ${hostPageFiles
    .map(({ name, page }) => `${name} (${Math.round(page.length / 1024)} kB)`)
    .join(', ')}, sitemap.xml, robots.txt, routes.json`,
);
