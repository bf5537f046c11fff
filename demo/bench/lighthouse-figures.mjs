// The figures the Lighthouse bench reads from each run, their medians and the table per page against the
// page's budget. Kept apart from lighthouse.bench.mjs (which starts the server and the browser) so they
// can be tested.

/** Scores every page must reach, the portfolio `/` and the host pages alike (docs/performance.md). */
export const SCORE_BUDGET = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 };

/**
 * The CPU throttlings each page is measured under: Lighthouse's mobile default (`defaultSlowdown`, 4× in
 * Lighthouse 12) with the score budget above, and a CPU twice as slow again, standing in for a low-end phone or
 * a busy machine, where performance may drop to 95. The network throttling is the default in both.
 */
export function cpuThrottlings(defaultSlowdown) {
  return [
    { name: 'default', cpuSlowdownMultiplier: defaultSlowdown, performance: SCORE_BUDGET.performance },
    { name: 'slow-cpu', cpuSlowdownMultiplier: 2 * defaultSlowdown, performance: 95 },
  ];
}

const SCORES = [
  ['performance', 'performance'],
  ['accessibility', 'accessibility'],
  ['best-practices', 'best practices'],
  ['seo', 'SEO'],
];

/**
 * One run's figures. `gzipBytes(url)` is the gzip size of a same-origin script as the build wrote it (0
 * for anything else); `origin` tells third-party requests from the site's own.
 */
export function runFigures(lhr, { origin, gzipBytes }) {
  const requests = lhr.audits['network-requests'].details.items;
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return {
    ...Object.fromEntries(SCORES.map(([id]) => [id, Math.round(lhr.categories[id].score * 100)])),
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    si: lhr.audits['speed-index'].numericValue,
    // Lighthouse's measure of the machine's speed at the time (higher is faster; a loaded machine reads low).
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? 0,
    // The CPU throttling the run applied, as Lighthouse reports it (so a table never misnames its runs).
    cpuSlowdown: lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? 0,
    jsTransferKb: scripts.reduce((sum, r) => sum + r.transferSize, 0) / 1024,
    jsGzipKb: scripts.reduce((sum, r) => sum + gzipBytes(r.url), 0) / 1024,
    scripts: scripts.map((r) => new URL(r.url).pathname),
    thirdParty: requests.filter((r) => new URL(r.url).origin !== origin).map((r) => r.url),
    failed: Object.values(lhr.categories)
      .flatMap((c) => c.auditRefs)
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
      .map((ref) => `${ref.id} (${lhr.audits[ref.id].score})`),
  };
}

/** The middle value (of an odd count; the upper middle of an even one). */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Rows of a page's table: [figure, median, budget, met]; figures without a budget have '' as budget. */
export function budgetRows(runs, budget) {
  const figure = (key) => median(runs.map((r) => r[key]));
  return [
    ...SCORES.map(([id, name]) => [
      name,
      figure(id),
      id === 'performance' ? `≥ ${budget[id]}` : String(budget[id]),
      figure(id) >= budget[id],
    ]),
    [
      'JS (kB gzip)',
      figure('jsGzipKb').toFixed(1),
      `≤ ${budget.jsGzipKb}`,
      figure('jsGzipKb') <= budget.jsGzipKb,
    ],
    ['JS (kB as served, Brotli)', figure('jsTransferKb').toFixed(1), '', true],
    ['FCP (ms)', Math.round(figure('fcp')), '', true],
    ['LCP (ms)', Math.round(figure('lcp')), '', true],
    ['TBT (ms)', Math.round(figure('tbt')), '', true],
    ['CLS', figure('cls').toFixed(3), '', true],
    ['Speed Index (ms)', Math.round(figure('si')), '', true],
  ];
}

/** Whether every budgeted figure of the rows is met. */
export const meetsBudget = (rows) => rows.every(([, , budget, met]) => budget === '' || met);

/** A page's Markdown table, with its runs and what Lighthouse marked down. */
export function pageReport(label, runs, budget) {
  const lines = [
    `Lighthouse ${runs.length}× mobile (simulated throttling, CPU ${runs[0].cpuSlowdown}× slower) on ${label}: medians`,
    '| figure | median | budget | met |',
    '|---|---|---|---|',
    ...budgetRows(runs, budget).map(
      ([name, value, limit, met]) =>
        `| ${name} | ${value} | ${limit} | ${limit ? (met ? 'yes' : 'NO') : ''} |`,
    ),
    '',
    `scores per run (performance / accessibility / best practices / SEO): ${runs
      .map((r) => SCORES.map(([id]) => r[id]).join(' / '))
      .join(', ')}`,
    `machine speed per run (Lighthouse benchmarkIndex): ${runs.map((r) => Math.round(r.benchmarkIndex)).join(', ')}`,
    `scripts loaded: ${runs[0].scripts.join(', ')}`,
    `third-party requests: ${runs[0].thirdParty.length === 0 ? 'none' : runs[0].thirdParty.join(', ')}`,
  ];
  const failed = [...new Set(runs.flatMap((r) => r.failed))];
  if (failed.length > 0) lines.push(`audits below full marks in some run: ${failed.join(', ')}`);
  return lines.join('\n');
}

/** The closing summary's header: one row a page and throttling. */
export const SUMMARY_HEADER = [
  '| page | CPU slowdown | performance / accessibility / best practices / SEO (budget) | performance per run | benchmarkIndex per run | JS kB gzip | budget met |',
  '|---|---|---|---|---|---|---|',
].join('\n');

/**
 * One line a page and throttling for the closing summary: its median scores with the performance budget, the
 * performance and machine speed of each run, JS and verdict.
 */
export function summaryRow(label, runs, budget) {
  const rows = budgetRows(runs, budget);
  const scores = rows.slice(0, 4).map(([, value]) => value);
  const perRun = runs.map((r) => r.performance).join(', ');
  const speeds = runs.map((r) => Math.round(r.benchmarkIndex)).join(', ');
  const verdict = meetsBudget(rows) ? 'yes' : 'NO';
  return `| ${label} | ${runs[0].cpuSlowdown}× | ${scores.join(' / ')} (≥ ${budget.performance}) | ${perRun} | ${speeds} | ${rows[4][1]} | ${verdict} |`;
}
