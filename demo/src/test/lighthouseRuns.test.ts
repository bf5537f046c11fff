import { describe, expect, it } from 'vitest';
import {
  AUDITS,
  CATEGORIES,
  collectRuns,
  type LighthouseResult,
  runProblem,
  signedInProblem,
} from '../../bench/lighthouse-runs.mjs';

/** A complete Lighthouse result with the given performance score. */
function measured(performance: number): LighthouseResult {
  return {
    categories: Object.fromEntries(
      CATEGORIES.map((id) => [id, { score: id === 'performance' ? performance : 1 }]),
    ),
    audits: {
      ...Object.fromEntries(AUDITS.map((id) => [id, { numericValue: 100 }])),
      'network-requests': { details: { items: [] } },
    },
  };
}

/** What Lighthouse returns for a page that never painted: a runtime error and null scores. */
const noPaint: LighthouseResult = {
  runtimeError: { code: 'NO_FCP', message: 'The page did not paint any content.' },
  categories: Object.fromEntries(CATEGORIES.map((id) => [id, { score: null }])),
  audits: {},
};

describe('the Lighthouse bench (demo/bench)', () => {
  it('takes only complete results for measurements', () => {
    expect(runProblem(measured(0.97))).toBeNull();
    expect(runProblem(noPaint)).toBe('NO_FCP: The page did not paint any content.');
    const unscored = measured(0.97);
    unscored.categories!.performance = { score: null };
    expect(runProblem(unscored)).toBe('no score for performance');
    const unmeasured = measured(0.97);
    delete unmeasured.audits!['total-blocking-time'];
    expect(runProblem(unmeasured)).toBe('no value for total-blocking-time');
    expect(runProblem(undefined)).toBe('no result');
  });

  it('retries a failed run and never counts it as a score', async () => {
    const answers: (LighthouseResult | Error)[] = [
      measured(0.99),
      noPaint,
      new Error('PROTOCOL_TIMEOUT'),
      measured(0.97),
      measured(0.98),
    ];
    const lines: string[] = [];
    const outcome = await collectRuns(
      async () => {
        const next = answers.shift();
        if (next instanceof Error) throw next;
        return next;
      },
      { runs: 3, attempts: 3, log: (line) => lines.push(line) },
    );
    expect(outcome.complete).toBe(true);
    expect(outcome.results.map((r) => r.categories?.performance?.score)).toEqual([0.99, 0.97, 0.98]);
    expect(outcome.failures).toEqual([
      { run: 2, attempt: 1, problem: 'NO_FCP: The page did not paint any content.' },
      { run: 2, attempt: 2, problem: 'PROTOCOL_TIMEOUT' },
    ]);
    expect(lines.join('\n')).toContain('run 2/3, attempt 1/3 failed, not counted');
  });

  it('reports the bench as failed when a run fails every attempt', async () => {
    let calls = 0;
    const outcome = await collectRuns(
      async () => {
        calls += 1;
        return calls === 1 ? measured(0.99) : noPaint;
      },
      { runs: 3, attempts: 2 },
    );
    expect(outcome.complete).toBe(false);
    expect(outcome.results).toHaveLength(1);
    expect(outcome.failures).toHaveLength(2);
    expect(calls).toBe(3);
  });

  it('retries a run its check refuses: a signed-in page that did not read the current user', async () => {
    const signedIn = (status: number): LighthouseResult => {
      const lhr = measured(0.99);
      lhr.audits!['network-requests'] = {
        details: {
          items: [
            { url: 'http://localhost:1/passageSuccess', statusCode: 200 },
            { url: 'http://localhost:1/v1/apps/app/currentuser', statusCode: status },
          ],
        },
      };
      return lhr;
    };
    expect(signedInProblem(signedIn(200))).toBeNull();
    expect(signedInProblem(signedIn(401))).toBe('not signed in: the page never read the current user');
    expect(signedInProblem(measured(0.99))).toBe('not signed in: the page never read the current user');
    const answers = [signedIn(401), signedIn(200)];
    const outcome = await collectRuns(async () => answers.shift(), {
      runs: 1,
      attempts: 2,
      check: signedInProblem,
    });
    expect(outcome.complete).toBe(true);
    expect(outcome.failures).toEqual([
      { run: 1, attempt: 1, problem: 'not signed in: the page never read the current user' },
    ]);
  });
});
