#!/usr/bin/env node
// Elements first-render budget (docs/performance.md): every element script whose download started
// before <passage-auth> shows its identifier input for an email-only app, at its gzip -9 size,
// whenever the download ends. The page loads only the elements (Stencil's lazy loader from www/build)
// and is served, gzip-precompressed, by the built server. BENCH_CPU_SLOWDOWN=8 slows the CPU down.
// Goal: at most 20 kB = 20,000 bytes (Hanko elements 2.7: 44 kB; Passage elements 1.16: 213 kB).
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

const GOAL = 20_000;
const SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 1);
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
  if (SLOWDOWN > 1)
    await (
      await page.context().newCDPSession(page)
    ).send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  // Note the moment the identifier input first shows (checked every frame): every script requested
  // before it counts, even one that is still downloading then.
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
  const { shownAt, requested } = await page.evaluate(() => ({
    shownAt: window.formShownAt,
    requested: performance
      .getEntriesByType('resource')
      .map((e) => ({ path: new URL(e.name).pathname, startTime: e.startTime })),
  }));
  const scripts = requested.filter((r) => r.path.startsWith('/build/') && r.path.endsWith('.js'));
  const rows = scripts.map((r) => ({
    ...r,
    // The size served: the gzip -9 file the server sends for it (measured here, as a resource that
    // is still downloading has no size yet in the page).
    bytes: statSync(join(dir, 'site', `${r.path}.gz`)).size,
    counted: r.startTime <= shownAt,
  }));
  const total = rows.filter((r) => r.counted).reduce((sum, r) => sum + r.bytes, 0);
  const later = rows.filter((r) => !r.counted).reduce((sum, r) => sum + r.bytes, 0);
  const kB = (n) => `${(n / 1000).toFixed(2)} kB`;
  const KiB = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log('| element script | requested at (ms) | gzip -9 bytes | counted |');
  console.log('|---|---:|---:|---|');
  for (const r of rows)
    console.log(
      `| ${r.path} | ${r.startTime.toFixed(0)} | ${r.bytes} | ${r.counted ? 'yes' : 'no, later'} |`,
    );
  console.log(
    `| **requested before the identifier input shows (${shownAt.toFixed(0)} ms)** | | **${total}** | |`,
  );
  console.log(`| requested after it | | ${later} | |`);
  console.log(
    `\nelements first render (email-only app${SLOWDOWN > 1 ? `, CPU ${SLOWDOWN}× slower` : ''}): ` +
      `${kB(total)} (${total} bytes, ${KiB(total)}) gzip -9 in ${rows.filter((r) => r.counted).length} scripts; ` +
      `goal ≤ ${kB(GOAL)}: ${total <= GOAL ? 'met' : 'NOT met'}` +
      ' (Hanko elements 2.7: 44 kB; Passage elements 1.16: 213 kB)',
  );
} finally {
  await browser.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
