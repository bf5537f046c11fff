/** Types of lighthouse-figures.mjs (for its test). */
import type { LighthouseResult } from './lighthouse-runs.mjs';

export interface RunFigures {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  benchmarkIndex: number;
  cpuSlowdown: number;
  jsTransferKb: number;
  jsGzipKb: number;
  scripts: string[];
  thirdParty: string[];
  failed: string[];
}
export interface Budget {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  jsGzipKb: number;
}
export type Row = [name: string, value: string | number, budget: string, met: boolean];
export declare const SCORE_BUDGET: Omit<Budget, 'jsGzipKb'>;
export interface CpuThrottling {
  name: 'default' | 'slow-cpu';
  cpuSlowdownMultiplier: number;
  performance: number;
}
export declare function cpuThrottlings(defaultSlowdown: number): CpuThrottling[];
export declare const SUMMARY_HEADER: string;
export declare function runFigures(
  lhr: LighthouseResult,
  options: { origin: string; gzipBytes: (url: string) => number },
): RunFigures;
export declare function budgetRows(runs: RunFigures[], budget: Budget): Row[];
export declare function meetsBudget(rows: Row[]): boolean;
export declare function pageReport(label: string, runs: RunFigures[], budget: Budget): string;
export declare function summaryRow(label: string, runs: RunFigures[], budget: Budget): string;
