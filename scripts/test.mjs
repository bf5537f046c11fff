#!/usr/bin/env node
// `npm test`: every check of every package, in order, stopping at nothing; fails if any step fails.
// concurrently runs the steps of a stage side by side; this holds the order, the server suites' seed
// and the closing line "N passed, N failed" counting the unit and browser tests of every report.
import { randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { concurrently } from 'concurrently';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = `${root}test-results`;
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

// The server suites run in a random order (files, and tests in each), so a test that leans on data
// another test left fails; the seed is printed so that order can be run again: TEST_SEED=<seed> npm test,
// or npx vitest run --project=server-sqlite --sequence.shuffle --sequence.seed=<seed> (the order depends
// on the set of files run too).
const seed = process.env.TEST_SEED ?? String(randomInt(1, 1_000_000));
const vitestRun = (projects, report, extra = '') =>
  `npx vitest run '--project=${projects}' ${extra} --reporter=default --reporter=json ` +
  `--outputFile.json=test-results/${report}`;

// Each inner list runs side by side (the machine has at least two cores and these steps are single-
// threaded: lint beside typecheck, packing beside the unit suite); the lists run one after the other.
const stages = [
  // wireit builds what changed (as `npm start` does): after `npm start`, nothing.
  [{ name: 'build', command: 'npm run build' }],
  [
    { name: 'lint', command: 'npm run lint' },
    { name: 'typecheck', command: 'npm run typecheck' },
  ],
  [
    // Packs the published packages into test-results/packages, which the next stage's packages project
    // checks (publint, arethetypeswrong, sizes, shipped docs) and installs in fresh folders.
    { name: 'packages', command: 'node scripts/pack.mjs' },
    { name: 'unit', command: vitestRun('!server-*', 'vitest.json') },
  ],
  [
    {
      name: `server ${seed}`,
      command: vitestRun('server-*', 'vitest-server.json', `--sequence.shuffle --sequence.seed=${seed}`),
    },
    // The packed packages checked and tried in fresh apps (npm, tsc, bundlers), while the server suites wait.
    {
      name: 'packages in apps',
      command: 'npx playwright test --project=packages',
      env: { E2E_JSON_FILE: `${results}/e2e-packages.json` },
    },
  ],
  [{ name: 'browser', command: 'npx playwright test --project=stack' }],
];

process.stdout.write(`server suites shuffled with seed ${seed}\n`);
const failedSteps = [];
for (const stage of stages) {
  // Grouped: the stage's first step prints as it runs, each later one when the steps before it ended.
  const steps = stage.map((step) => ({ ...step, env: { CI: '1', ...step.env } }));
  const { result } = concurrently(steps, { cwd: root, group: true, prefix: 'name', timings: true });
  const closed = await result.catch((events) => events);
  for (const { command, exitCode } of closed) if (exitCode !== 0) failedSteps.push(command.name);
  // Later steps need the build; without it they would only repeat its failure.
  if (failedSteps.includes('build')) break;
}

function read(file) {
  const path = `${results}/${file}`;
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}
let passed = 0;
let failed = 0;
// Named again at the end, where a CI log cut to its last lines still shows them.
const failedTests = [];
for (const file of ['vitest.json', 'vitest-server.json']) {
  const vitest = read(file);
  if (vitest) {
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
    for (const suite of vitest.testResults) {
      for (const test of suite.assertionResults) {
        if (test.status === 'failed') failedTests.push(`${suite.name.replace(root, '')} › ${test.fullName}`);
      }
    }
  }
}
for (const file of ['e2e.json', 'e2e-packages.json']) {
  const e2e = read(file);
  if (e2e) {
    passed += e2e.stats.expected + e2e.stats.flaky;
    failed += e2e.stats.unexpected;
  }
}

process.stdout.write('\n');
for (const name of failedTests) process.stdout.write(`failed: ${name}\n`);
if (failedSteps.length > 0) process.stdout.write(`failed steps: ${failedSteps.join(', ')}\n`);
if (failedSteps.length > 0 && failed === 0) failed = failedSteps.length;
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failedSteps.length > 0 ? 1 : 0);
