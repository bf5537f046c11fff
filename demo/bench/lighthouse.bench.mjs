#!/usr/bin/env node
// Lighthouse budget of the demo site (docs/performance.md): mobile, simulated throttling, median of 3 runs of
// each page served by the built server with NODE_ENV=production: the portfolio `/`, the sign-in page
// `/passage`, and the account page `/passageSuccess` signed out and signed in (a user registered with a
// one-time code through the API; its tokens stored where the elements keep them before each run).
// Each page is measured twice: with Lighthouse's default throttling (performance ≥ 98) and with the CPU slowed
// twice as much (performance ≥ 95); in both, accessibility, best practices and SEO 100 and JavaScript per page
// as in PAGES. Needs `npm run build` first. A measurement, not a test: it prints a table per page and
// whether it meets its budget. A run that fails (Lighthouse's runtime error, a missing score, a signed-in
// page that was not) is retried and never counted; if a run cannot be measured the bench says so and exits 1.
// LIGHTHOUSE_PAGES=/,/passageSuccess (a comma-separated list of paths) measures only those pages;
// LIGHTHOUSE_THROTTLING=default (or slow-cpu) measures under that throttling only;
// LIGHTHOUSE_REPORTS=<folder> keeps each run's Lighthouse report (JSON) there, to read the audits.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { defaultSettings } from 'lighthouse/core/config/constants.js';
import { startServer } from '../../test-support/start-server.mjs';
import { CHROMIUM_FLAGS, chromiumPath } from '../../test-support/chromium.mjs';
import {
  meetsBudget,
  budgetRows,
  cpuThrottlings,
  pageReport,
  runFigures,
  SCORE_BUDGET,
  SUMMARY_HEADER,
  summaryRow,
} from './lighthouse-figures.mjs';
import { collectRuns, signedInProblem } from './lighthouse-runs.mjs';
import { signUp, startMailSink, storeTokens } from './lighthouse-session.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = join(root, 'demo/dist');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const ATTEMPTS = Number(process.env.LIGHTHOUSE_ATTEMPTS ?? 3);
/** The demo's app (demo/passage-apps.json), which the host pages' elements use. */
const DEMO_APP = 'opDemo7Kq2Lx9RmT4wYc6dHf';

/**
 * The pages and their JavaScript budgets (kB gzip of every script the page downloads). `/` stays at its
 * 120 kB; the host pages carry React, MUI and the router like `/`, plus the elements' first render.
 */
const PAGES = [
  { label: '/', path: '/', signedIn: false, jsGzipKb: 120 },
  { label: '/passage', path: '/passage', signedIn: false, jsGzipKb: 150 },
  { label: '/passageSuccess signed out', path: '/passageSuccess', signedIn: false, jsGzipKb: 150 },
  { label: '/passageSuccess signed in', path: '/passageSuccess', signedIn: true, jsGzipKb: 150 },
].filter(
  (page) =>
    !process.env.LIGHTHOUSE_PAGES ||
    process.env.LIGHTHOUSE_PAGES.split(',').some(
      (name) => page.label === name.trim() || page.label.startsWith(`${name.trim()} `),
    ),
);

const THROTTLINGS = cpuThrottlings(defaultSettings.throttling.cpuSlowdownMultiplier).filter(
  ({ name }) => !process.env.LIGHTHOUSE_THROTTLING || process.env.LIGHTHOUSE_THROTTLING === name,
);

for (const built of ['server/dist/main.js', 'demo/dist/index.html']) {
  if (!existsSync(join(root, built))) {
    console.error(`${built} is missing: run "npm run build" first`);
    process.exit(1);
  }
}

/** gzip size of a same-origin script as the build wrote it (the .gz beside it, or gzip -9 of the file). */
function gzipBytes(url) {
  const file = join(dist, new URL(url).pathname);
  if (!existsSync(file) || !statSync(file).isFile()) return 0;
  return existsSync(`${file}.gz`)
    ? statSync(`${file}.gz`).size
    : gzipSync(readFileSync(file), { level: 9 }).length;
}

let reports = 0;
function keepReport(page, lhr) {
  mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
  const name = `${(reports += 1)}-${page.label.replace(/\W+/g, '-').replace(/^-|-$/g, '')}.json`;
  writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, name), JSON.stringify(lhr));
}

const log = (line) => process.stdout.write(`${line}\n`);
const mail = await startMailSink();
const server = await startServer({
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  DEV_MODE: 'false',
  SMTP_URL: mail.url,
});
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: CHROMIUM_FLAGS });
const measured = [];
let incomplete = null;
try {
  const tokens = PAGES.some((page) => page.signedIn) ? await signUp(server.url, DEMO_APP, mail) : null;
  for (const page of PAGES) {
    for (const throttling of THROTTLINGS) {
      const label = `${page.label}, CPU ${throttling.cpuSlowdownMultiplier}×`;
      log(`\n${label}`);
      const collected = await collectRuns(
        async () => {
          await storeTokens(chrome.port, server.url, page.signedIn ? tokens : null);
          const result = await lighthouse(`${server.url}${page.path}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
            // Merged into the default throttling: only the CPU changes.
            throttling: { cpuSlowdownMultiplier: throttling.cpuSlowdownMultiplier },
          });
          if (result?.lhr && process.env.LIGHTHOUSE_REPORTS) keepReport({ label }, result.lhr);
          return result?.lhr;
        },
        { runs: RUNS, attempts: ATTEMPTS, log, check: page.signedIn ? signedInProblem : () => null },
      );
      for (const { run, attempt, problem } of collected.failures)
        log(`failed attempt (retried, not counted): run ${run}, attempt ${attempt}: ${problem}`);
      if (!collected.complete) {
        incomplete = label;
        break;
      }
      const origin = new URL(server.url).origin;
      const runs = collected.results.map((lhr) => runFigures(lhr, { origin, gzipBytes }));
      const budget = { ...SCORE_BUDGET, performance: throttling.performance, jsGzipKb: page.jsGzipKb };
      measured.push({ page, runs, budget });
    }
    if (incomplete) break;
  }
} finally {
  await chrome.kill();
  await server.stop();
  await mail.stop();
}

if (incomplete) {
  console.log(
    `\nLighthouse FAILED: a run of ${incomplete} could not be measured in ${ATTEMPTS} attempts; no figures are reported.`,
  );
  process.exit(1);
}
for (const { page, runs, budget } of measured) console.log(`\n${pageReport(page.label, runs, budget)}`);
console.log(`\nSummary (medians of ${RUNS} runs)`);
console.log(SUMMARY_HEADER);
for (const { page, runs, budget } of measured) console.log(summaryRow(page.label, runs, budget));
const missed = measured.filter(({ runs, budget }) => !meetsBudget(budgetRows(runs, budget)));
if (missed.length > 0)
  console.log(
    `\nbudget missed on: ${missed.map(({ page, runs }) => `${page.label} (CPU ${runs[0].cpuSlowdown}×)`).join(', ')}`,
  );
