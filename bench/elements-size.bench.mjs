#!/usr/bin/env node
// Elements size budget (docs/performance.md): the gzip bytes a page downloads, measured in Chromium, before
// <passage-auth> shows its identifier form for an email-only app. The page loads only the elements
// (Stencil's lazy loader from www/build) and is served, gzip-precompressed, by the built server.
// Goal: at most 20 kB (Hanko elements 2.7: 44 kB; Passage elements 1.16: 213 kB).
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServer } from '../scripts/start-server.mjs';
import { CHROMIUM_FLAGS, chromiumPath } from '../scripts/chromium.mjs';

const GOAL = 20 * 1024;
const APP_ID = 'benchEmailOnly0000000000';
const root = fileURLToPath(new URL('..', import.meta.url));

for (const built of ['www/build/open-passage.esm.js', 'server/dist/main.js']) {
  if (!existsSync(join(root, built))) {
    console.error(`${built} is missing: run "npm run build" first`);
    process.exit(1);
  }
}

const walk = (dir) =>
  readdirSync(dir).flatMap((name) =>
    statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)],
  );

/** A site with one page that loads only the elements, every file gzip-precompressed (no Brotli). */
function writeSite(dir) {
  cpSync(join(root, 'www/build'), join(dir, 'build'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in</title><link rel="icon" href="data:,">
<script type="module" src="/build/open-passage.esm.js"></script></head>
<body><main><passage-auth app-id="${APP_ID}"></passage-auth></main></body></html>`,
  );
  for (const file of walk(dir)) writeFileSync(`${file}.gz`, gzipSync(readFileSync(file), { level: 9 }));
}

/** The server with one email-only app, serving the page above from `dir`. */
function startSizeServer(dir) {
  const appsFile = join(dir, 'apps.json');
  writeFileSync(
    appsFile,
    JSON.stringify({
      apps: [
        {
          id: APP_ID,
          name: 'size bench',
          auth_origin: '${PUBLIC_URL}',
          redirect_url: '/',
          allowed_identifier: 'email',
          public_signup: true,
          require_identifier_verification: false,
          auth_fallback_method: 'otp',
          passage_branding: false,
          default_language: 'en',
        },
      ],
    }),
  );
  const site = join(dir, 'site');
  writeSite(site);
  return startServer({ STATIC_DIR: site, APPS_FILE: appsFile, LOG_LEVEL: 'warn' });
}

const dir = mkdtempSync(join(tmpdir(), 'elements-size-'));
const server = await startSizeServer(dir);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
try {
  const page = await browser.newPage();
  // Note the moment the identifier input first appears (checked every frame), so downloads that
  // finish after it (passkey autofill, preloads) are not counted.
  await page.addInitScript(() => {
    const check = () => {
      const input = document
        .querySelector('passage-auth')
        ?.shadowRoot?.querySelector('input[name=identifier]');
      if (input && input.getBoundingClientRect().height > 0) window.formShownAt = performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  await page.goto(server.url);
  await page.waitForFunction(() => window.formShownAt !== undefined, null, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const entries = await page.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
      .filter((e) => e.entryType === 'navigation' || e.responseEnd <= window.formShownAt)
      .map((e) => ({ url: e.name, bytes: e.encodedBodySize })),
  );
  const total = entries.reduce((sum, e) => sum + e.bytes, 0);
  console.log('| resource | gzip bytes |');
  console.log('|---|---:|');
  for (const e of entries) console.log(`| ${new URL(e.url).pathname}${new URL(e.url).search} | ${e.bytes} |`);
  console.log(`| **total before the identifier form shows** | **${total}** |`);
  console.log(
    `\nelements size (email-only app): ${(total / 1024).toFixed(1)} kB gzip in ${entries.length} requests; ` +
      `goal ≤ ${GOAL / 1024} kB: ${total <= GOAL ? 'met' : 'NOT met'}` +
      ' (Hanko elements 2.7: 44 kB; Passage elements 1.16: 213 kB)',
  );
} finally {
  await browser.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
