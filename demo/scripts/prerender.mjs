#!/usr/bin/env node
// Build step after `vite build` and the SSR build: writes the portfolio into dist/index.html (markup, styles,
// head tags), inlines the small entry stylesheet, preloads the fonts, and writes sitemap.xml, robots.txt and
// routes.json (the router's page paths, so the server can answer other paths with a 404 status).
// The content is validated here: a missing field stops the build with its name.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const ssrDir = `${dist}.ssr/`;

let rendered;
try {
  const { renderHome } = await import(pathToFileURL(`${ssrDir}entry-server.js`).href);
  rendered = await renderHome();
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

let html = readFileSync(`${dist}index.html`, 'utf8');
// The entry stylesheet is only the @font-face rules: inline it rather than block rendering on a request.
html = html.replace(/<link rel="stylesheet" crossorigin href="\/assets\/([^"]+\.css)">/g, (tag, file) => {
  const css = readFileSync(`${dist}assets/${file}`, 'utf8');
  return css.length < 8192 ? `<style>${css}</style>` : tag;
});
html = html
  .replace('<!--app-head-->', [rendered.head, ...fontPreloads, rendered.styles].join('\n    '))
  .replace('<!--app-html-->', rendered.html);
if (html.includes('<!--app-')) throw new Error('prerender: a placeholder was left in index.html');

writeFileSync(`${dist}index.html`, html);
writeFileSync(`${dist}sitemap.xml`, rendered.sitemap);
writeFileSync(`${dist}robots.txt`, rendered.robots);
// For the server: which paths are pages (200) and which are not (the app shell with a 404 status).
writeFileSync(`${dist}routes.json`, `${JSON.stringify({ pages: rendered.pages })}\n`);
console.log(
  `prerendered / (${Math.round(html.length / 1024)} kB HTML), sitemap.xml, robots.txt, routes.json`,
);
