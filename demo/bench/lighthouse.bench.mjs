#!/usr/bin/env node
// Lighthouse budget of the portfolio (issue 6): mobile, default (simulated) throttling, median of 3 runs on
// `/` served by the built server. Budget: performance ≥ 98; accessibility, best practices and SEO 100; the
// JavaScript downloaded for `/` at most 120 kB gzip. Needs `npm run build` first. A measurement, not a test:
// it prints the figures and whether they meet the budget. A run that fails (Lighthouse's runtime error, a
// missing score) is retried and never counted; if a run cannot be measured, the bench says so and exits 1.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../../scripts/start-server.mjs';
import { CHROMIUM_FLAGS, chromiumPath } from '../../scripts/chromium.mjs';
import { collectRuns } from './lighthouse-runs.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dist = join(root, 'demo/dist');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const ATTEMPTS = Number(process.env.LIGHTHOUSE_ATTEMPTS ?? 3);
const BUDGET = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100, jsGzipKb: 120 };
// The flags of playwright.config.ts, so the bench runs the same browser the same way.

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

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await startServer({ LOG_LEVEL: 'warn' });
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath(),
  chromeFlags: CHROMIUM_FLAGS,
});
let collected;
try {
  collected = await collectRuns(
    async () =>
      (
        await lighthouse(server.url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        })
      )?.lhr,
    { runs: RUNS, attempts: ATTEMPTS, log: (line) => process.stdout.write(`${line}\n`) },
  );
} finally {
  await chrome.kill();
  await server.stop();
}

if (collected.failures.length > 0) {
  console.log(`\nfailed attempts (retried, not counted):`);
  for (const { run, attempt, problem } of collected.failures)
    console.log(`- run ${run}, attempt ${attempt}: ${problem}`);
}
if (!collected.complete) {
  console.log(
    `\nLighthouse FAILED: a run could not be measured in ${ATTEMPTS} attempts; no figures are reported.`,
  );
  process.exit(1);
}

const runs = collected.results.map((lhr) => {
  const requests = lhr.audits['network-requests'].details.items;
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    'best-practices': Math.round(lhr.categories['best-practices'].score * 100),
    seo: Math.round(lhr.categories.seo.score * 100),
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    si: lhr.audits['speed-index'].numericValue,
    jsTransferKb: scripts.reduce((sum, r) => sum + r.transferSize, 0) / 1024,
    jsGzipKb: scripts.reduce((sum, r) => sum + gzipBytes(r.url), 0) / 1024,
    scripts: scripts.map((r) => new URL(r.url).pathname),
    thirdParty: requests
      .filter((r) => new URL(r.url).origin !== new URL(server.url).origin)
      .map((r) => r.url),
    failed: Object.values(lhr.categories)
      .flatMap((c) => c.auditRefs)
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
      .map((ref) => `${ref.id} (${lhr.audits[ref.id].score})`),
  };
});

const figure = (key) => median(runs.map((r) => r[key]));
const rows = [
  [
    'performance',
    figure('performance'),
    `≥ ${BUDGET.performance}`,
    figure('performance') >= BUDGET.performance,
  ],
  ['accessibility', figure('accessibility'), '100', figure('accessibility') >= 100],
  ['best practices', figure('best-practices'), '100', figure('best-practices') >= 100],
  ['SEO', figure('seo'), '100', figure('seo') >= 100],
  [
    'JS for / (kB gzip)',
    figure('jsGzipKb').toFixed(1),
    `≤ ${BUDGET.jsGzipKb}`,
    figure('jsGzipKb') <= BUDGET.jsGzipKb,
  ],
  ['JS for / (kB as served, Brotli)', figure('jsTransferKb').toFixed(1), '', true],
  ['FCP (ms)', Math.round(figure('fcp')), '', true],
  ['LCP (ms)', Math.round(figure('lcp')), '', true],
  ['TBT (ms)', Math.round(figure('tbt')), '', true],
  ['CLS', figure('cls').toFixed(3), '', true],
  ['Speed Index (ms)', Math.round(figure('si')), '', true],
];
console.log(`\nLighthouse ${RUNS}× mobile (simulated throttling) on / — medians`);
console.log('| figure | median | budget | met |\n|---|---|---|---|');
for (const [name, value, budget, met] of rows)
  console.log(`| ${name} | ${value} | ${budget} | ${budget ? (met ? 'yes' : 'NO') : ''} |`);
console.log(`\nscores per run: ${runs.map((r) => r.performance).join(', ')}`);
console.log(`scripts loaded: ${runs[0].scripts.join(', ')}`);
console.log(
  `third-party requests: ${runs[0].thirdParty.length === 0 ? 'none' : runs[0].thirdParty.join(', ')}`,
);
const failed = [...new Set(runs.flatMap((r) => r.failed))];
if (failed.length > 0) console.log(`audits below full marks in some run: ${failed.join(', ')}`);
