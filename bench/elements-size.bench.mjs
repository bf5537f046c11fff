#!/usr/bin/env node
// Elements first-render budget on what users install (docs/performance.md): for an email-only app, the
// gzip -9 bytes of every script whose download started before the sign-in form's identifier input
// showed, whenever the download ends; the median of BENCH_ROUNDS (5) loads, each in a fresh context:
//   (a) ours through the documented script tag (dist/open-passage/ of the packed open-passage);
//   (b) ours in a Vite + React app importing the packed open-passage-react: what <PassageAuth> adds to
//       the same app without it, before the input shows and by network idle;
//   (c) Hanko elements 2.7 and (d) Passage elements 1.16 from the npm registry, as references, their API
//       calls answered locally (bench/size/stubs.mjs).
// Our pages talk to the built server (server/dist) with one email-only app. BENCH_CPU_SLOWDOWN=8 slows
// the CPU down. Budgets: (a) and (b) ≤ 20 kB before the input shows, (b) ≤ 25 kB by network idle.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumPath } from '../test-support/chromium.mjs';
import { manifestFile, pack } from '../scripts/pack.mjs';
import { startServer } from '../test-support/start-server.mjs';
import { measure, median } from './size/measure.mjs';
import { installSites, repoVersion, writeSite } from './size/sites.mjs';
import { answerHanko, passageRoutes } from './size/stubs.mjs';

const FIRST_RENDER_BUDGET = 20_000;
const NETWORK_IDLE_BUDGET = 25_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 1);
const APP_ID = 'benchEmailOnly0000000000';
const root = fileURLToPath(new URL('..', import.meta.url));

if (!existsSync(join(root, 'server/dist/main.js'))) {
  console.error('server/dist/main.js is missing: run "npm run build" first');
  process.exit(1);
}

// The tarballs of the current build (test-results/packages, as the package tests use them).
pack({ quiet: true });
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const installed = installSites(manifest, repoVersion(root));

const dir = mkdtempSync(join(tmpdir(), 'elements-size-'));
const site = join(dir, 'site');
writeSite(installed, site, APP_ID);
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
const server = await startServer({ STATIC_DIR: site, APPS_FILE: appsFile, LOG_LEVEL: 'warn' });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });

const pages = {
  a: { label: '(a) ours, script tag', path: '/script-tag/index.html' },
  b: { label: '(b) ours, Vite + React (what <PassageAuth> adds)', path: '/react/index.html' },
  bare: { label: 'the same React app without it', path: '/react-bare/index.html', expectInput: false },
  c: {
    label: '(c) Hanko elements 2.7',
    path: '/hanko/index.html',
    prepare: (page) => page.route('**/hanko-api/**', answerHanko),
  },
  d: {
    label: '(d) Passage elements 1.16',
    path: '/passage/index.html',
    prepare: (page) => passageRoutes(page, server.url),
  },
};

try {
  const rounds = Object.fromEntries(Object.keys(pages).map((key) => [key, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [key, { path, expectInput, prepare }] of Object.entries(pages)) {
      rounds[key].push(
        await measure(browser, `${server.url}${path}`, { site, expectInput, prepare, slowdown: SLOWDOWN }),
      );
    }
  }
  const figure = (key, field) => median(rounds[key].map((r) => r[field]));
  const bare = figure('bare', 'idle');
  const rows = {
    a: { first: figure('a', 'first'), idle: figure('a', 'idle'), scripts: figure('a', 'firstScripts') },
    b: {
      first: figure('b', 'first') - bare,
      idle: figure('b', 'idle') - bare,
      scripts: figure('b', 'firstScripts'),
    },
    c: { first: figure('c', 'first'), idle: figure('c', 'idle'), scripts: figure('c', 'firstScripts') },
    d: { first: figure('d', 'first'), idle: figure('d', 'idle'), scripts: figure('d', 'firstScripts') },
  };
  printTable(rows, bare);
  const verdicts = [
    ['(a) first render', rows.a.first, FIRST_RENDER_BUDGET],
    ['(b) first render', rows.b.first, FIRST_RENDER_BUDGET],
    ['(b) by network idle', rows.b.idle, NETWORK_IDLE_BUDGET],
  ].map(
    ([what, bytes, budget]) => `${what} ${kB(bytes)} ≤ ${kB(budget)}: ${bytes <= budget ? 'met' : 'NOT met'}`,
  );
  console.log(`\nbudgets: ${verdicts.join('; ')}`);
  if (process.env.BENCH_SCRIPTS) printScripts(rounds);
} finally {
  await browser.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}

function kB(bytes) {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

function printTable(rows, bare) {
  const hanko = rows.c.first;
  const ratio = (bytes) => `${(bytes / hanko).toFixed(2)}×`;
  console.log(
    `\nemail-only app, gzip -9, median of ${ROUNDS} rounds${SLOWDOWN > 1 ? `, CPU ${SLOWDOWN}× slower` : ''}` +
      ` (React app without <PassageAuth>: ${kB(bare)}, subtracted in (b))\n`,
  );
  console.log('| page | before the input shows | scripts | ÷ Hanko | by network idle | ÷ Hanko |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [key, row] of Object.entries(rows)) {
    console.log(
      `| ${pages[key].label} | ${kB(row.first)} (${row.first} B) | ${row.scripts} | ${ratio(row.first)} | ` +
        `${kB(row.idle)} (${row.idle} B) | ${(row.idle / rows.c.idle).toFixed(2)}× |`,
    );
  }
}

/** Every script of each page's last round, with when it was requested (BENCH_SCRIPTS=1). */
function printScripts(rounds) {
  for (const [key, list] of Object.entries(rounds)) {
    const last = list.at(-1);
    console.log(`\n${pages[key].label}: input shown at ${last.shownAt?.toFixed(0) ?? '-'} ms`);
    for (const s of last.scripts) {
      const counted = last.shownAt !== null && s.startTime <= last.shownAt ? 'first render' : 'later';
      console.log(`  ${s.path}  ${s.startTime.toFixed(0)} ms  ${s.bytes} B  ${counted}`);
    }
  }
}
