import { describe, expect, it } from 'vitest';
import {
  budgetRows,
  cpuThrottlings,
  meetsBudget,
  pageReport,
  type RunFigures,
  SCORE_BUDGET,
  SUMMARY_HEADER,
  summaryRow,
} from '../../bench/lighthouse-figures.mjs';

const budget = { ...SCORE_BUDGET, jsGzipKb: 120 };

/** One run's figures: full marks and a light page, with `changes` on top. */
function run(changes: Partial<RunFigures> = {}): RunFigures {
  return {
    performance: 99,
    accessibility: 100,
    'best-practices': 100,
    seo: 100,
    fcp: 1500,
    lcp: 1900,
    tbt: 60,
    cls: 0,
    si: 1600,
    benchmarkIndex: 1500,
    cpuSlowdown: 4,
    jsTransferKb: 90,
    jsGzipKb: 100,
    scripts: ['/assets/a.js'],
    thirdParty: [],
    failed: [],
    ...changes,
  };
}

describe('the Lighthouse bench’s figures (demo/bench)', () => {
  it('takes the median of the runs and checks each budgeted figure', () => {
    const rows = budgetRows([run({ performance: 97 }), run({ performance: 99 }), run()], budget);
    expect(rows.slice(0, 5)).toEqual([
      ['performance', 99, '≥ 98', true],
      ['accessibility', 100, '100', true],
      ['best practices', 100, '100', true],
      ['SEO', 100, '100', true],
      ['JS (kB gzip)', '100.0', '≤ 120', true],
    ]);
    expect(meetsBudget(rows)).toBe(true);
  });

  it('misses the budget on any one score or the page’s JavaScript, but not on unbudgeted timings', () => {
    expect(meetsBudget(budgetRows([run({ seo: 92 })], budget))).toBe(false);
    expect(meetsBudget(budgetRows([run({ performance: 97 })], budget))).toBe(false);
    expect(meetsBudget(budgetRows([run({ jsGzipKb: 121 })], budget))).toBe(false);
    expect(meetsBudget(budgetRows([run({ jsGzipKb: 121 })], { ...budget, jsGzipKb: 150 }))).toBe(true);
    expect(meetsBudget(budgetRows([run({ lcp: 9000, tbt: 900 })], budget))).toBe(true);
  });

  it('reports a table per page with its runs, and a summary line with the throttling and machine speed', () => {
    const runs = [
      run({ performance: 97, failed: ['largest-contentful-paint (0.9)'], benchmarkIndex: 1400.4 }),
      run(),
      run(),
    ];
    const report = pageReport('/passage', runs, budget);
    expect(report).toContain('(simulated throttling, CPU 4× slower) on /passage: medians');
    expect(report).toContain('| performance | 99 | ≥ 98 | yes |');
    expect(report).toContain('97 / 100 / 100 / 100, 99 / 100 / 100 / 100');
    expect(report).toContain('audits below full marks in some run: largest-contentful-paint (0.9)');
    expect(summaryRow('/passage', runs, budget)).toBe(
      '| /passage | 4× | 99 / 100 / 100 / 100 (≥ 98) | 97, 99, 99 | 1400, 1500, 1500 | 100.0 | yes |',
    );
    const [header] = SUMMARY_HEADER.split('\n');
    expect(header?.split('|')).toHaveLength(summaryRow('/', runs, budget).split('|').length);
  });

  it('measures under the default CPU throttling and one twice as slow, with a lower performance budget', () => {
    expect(cpuThrottlings(4)).toEqual([
      { name: 'default', cpuSlowdownMultiplier: 4, performance: 98 },
      { name: 'slow-cpu', cpuSlowdownMultiplier: 8, performance: 95 },
    ]);
    const slow = { ...budget, performance: 95 };
    const runs = [run({ performance: 96, cpuSlowdown: 8 })];
    expect(meetsBudget(budgetRows(runs, slow))).toBe(true);
    expect(meetsBudget(budgetRows(runs, budget))).toBe(false);
    expect(summaryRow('/', runs, slow)).toContain('| / | 8× | 96 / 100 / 100 / 100 (≥ 95) |');
  });
});
