// Which Lighthouse results count as measurements, and retrying the ones that do not (one run once "scored"
// 0: a run that failed, not a slow page). Kept apart from lighthouse.bench.mjs so it can be tested.

/** The categories and audits the bench reads; a result without any of them measured nothing. */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
export const AUDITS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

/**
 * Why a Lighthouse result is not a measurement, or null if it is one. Lighthouse reports a page that did
 * not load or paint (NO_FCP, PAGE_HUNG, a protocol time-out, …) as `runtimeError` with null scores, which
 * would otherwise read as 0.
 */
export function runProblem(lhr) {
  if (!lhr) return 'no result';
  if (lhr.runtimeError) return `${lhr.runtimeError.code}: ${lhr.runtimeError.message ?? ''}`.trim();
  const unscored = CATEGORIES.filter((id) => typeof lhr.categories?.[id]?.score !== 'number');
  if (unscored.length > 0) return `no score for ${unscored.join(', ')}`;
  const unmeasured = AUDITS.filter((id) => typeof lhr.audits?.[id]?.numericValue !== 'number');
  if (unmeasured.length > 0) return `no value for ${unmeasured.join(', ')}`;
  if (!Array.isArray(lhr.audits['network-requests']?.details?.items)) return 'no network requests';
  return null;
}

/**
 * Why a run of a signed-in page did not measure a signed-in page, or null: the profile must have read the
 * current user (`GET …/currentuser` answered 200); a page that dropped the session measured the signed-out one.
 */
export function signedInProblem(lhr) {
  const items = lhr?.audits?.['network-requests']?.details?.items ?? [];
  const read = items.some((r) => /\/currentuser$/.test(new URL(r.url).pathname) && r.statusCode === 200);
  return read ? null : 'not signed in: the page never read the current user';
}

/**
 * Measures `runs` times. A failed attempt (it threw, or its result is not a measurement, or `check` finds it
 * measured the wrong page: a problem as a string, or null) never counts: it is retried, up to `attempts`
 * times per run; when a run fails every time the whole bench has failed.
 * Returns the good results, every failed attempt, and whether all runs were measured.
 */
export async function collectRuns(measure, { runs, attempts = 3, log = () => {}, check = () => null }) {
  const results = [];
  const failures = [];
  for (let run = 1; run <= runs; run += 1) {
    for (let attempt = 1; ; attempt += 1) {
      let problem;
      try {
        const lhr = await measure();
        problem = runProblem(lhr) ?? check(lhr);
        if (problem === null) {
          results.push(lhr);
          log(`run ${run}/${runs}: performance ${Math.round(lhr.categories.performance.score * 100)}`);
          break;
        }
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
      }
      failures.push({ run, attempt, problem });
      log(`run ${run}/${runs}, attempt ${attempt}/${attempts} failed, not counted: ${problem}`);
      if (attempt >= attempts) return { results, failures, complete: false };
    }
  }
  return { results, failures, complete: true };
}
