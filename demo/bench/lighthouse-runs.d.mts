/** Types of lighthouse-runs.mjs (for its test); only the parts of a Lighthouse result that it reads. */
export interface LighthouseResult {
  runtimeError?: { code: string; message?: string };
  environment?: { benchmarkIndex?: number };
  configSettings?: { throttling?: { cpuSlowdownMultiplier?: number } };
  categories?: Record<string, { score: number | null } | undefined>;
  audits?: Record<string, { numericValue?: number; details?: { items?: unknown[] } } | undefined>;
}
export declare const CATEGORIES: string[];
export declare const AUDITS: string[];
export declare function runProblem(lhr: LighthouseResult | undefined | null): string | null;
export interface FailedAttempt {
  run: number;
  attempt: number;
  problem: string;
}
export declare function collectRuns<T extends LighthouseResult>(
  measure: () => Promise<T | undefined>,
  options: {
    runs: number;
    attempts?: number;
    log?: (line: string) => void;
    check?: (lhr: T) => string | null;
  },
): Promise<{ results: T[]; failures: FailedAttempt[]; complete: boolean }>;
export declare function signedInProblem(lhr: LighthouseResult | undefined): string | null;
