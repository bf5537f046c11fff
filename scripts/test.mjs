#!/usr/bin/env node
// `npm test`: every check of every package, in order, stopping at nothing; fails if any step fails.
// Ends with one line "N passed, N failed" counting the unit and browser tests.
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = `${root}test-results`;
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

// The server suites run in a random order (files, and tests in each), so a test that leans on data
// another test left fails; the seed is printed so that order can be run again.
const seed = process.env.TEST_SEED ?? String(randomInt(1, 1_000_000));

// Each inner list runs side by side (the machine has at least two cores and these steps are single-
// threaded: lint beside typecheck, packing beside the unit suite); the lists run one after the other.
const stages = [
  // wireit builds what changed (as `npm start` does): after `npm start`, nothing.
  [['build', 'npm', ['run', 'build']]],
  [
    ['lint', 'npm', ['run', 'lint']],
    ['typecheck', 'npm', ['run', 'typecheck']],
  ],
  [
    // Packs the published packages (test-results/packages, which the e2e/packages tests install in
    // fresh folders), then publint --strict, arethetypeswrong (esm-only) and the elements' size limit.
    ['packages', 'node', ['scripts/pack.mjs', '--check']],
    [
      'unit (vitest)',
      'npx',
      [
        'vitest',
        'run',
        '--project=!server-*',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${results}/vitest.json`,
      ],
    ],
  ],
  [
    [
      // Rerun this order: TEST_SEED=<seed> npm test, or npx vitest run --project=server-sqlite
      // --sequence.shuffle --sequence.seed=<seed> (the order depends on the set of files run too).
      `server (vitest, shuffled, seed ${seed})`,
      'npx',
      [
        'vitest',
        'run',
        '--project=server-*',
        '--sequence.shuffle',
        `--sequence.seed=${seed}`,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${results}/vitest-server.json`,
      ],
    ],
    // The packed packages in fresh apps: npm, tsc and bundlers, while the server suites mostly wait.
    [
      'packages in fresh apps (playwright)',
      'npx',
      ['playwright', 'test', '--project=packages'],
      { E2E_JSON_FILE: `${results}/e2e-packages.json` },
    ],
  ],
  [['browser (playwright)', 'npx', ['playwright', 'test', '--project=stack']]],
];

/** Runs one step; a step that shares its stage has its output held and printed whole when it ends. */
function runStep([name, command, args, env = {}], alone) {
  if (alone) process.stdout.write(`\n=== ${name}\n`);
  const started = Date.now();
  const child = spawn(command, args, {
    cwd: root,
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: '1', ...env },
  });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (!alone) process.stdout.write(`\n=== ${name}\n${Buffer.concat(output).toString()}`);
      process.stdout.write(`=== ${name}: ${status === 0 ? 'ok' : 'FAILED'} (${seconds} s)\n`);
      resolve(status === 0);
    });
  });
}

const failedSteps = [];
for (const stage of stages) {
  const passed = await Promise.all(stage.map((step) => runStep(step, stage.length === 1)));
  stage.forEach(([name], i) => passed[i] || failedSteps.push(name));
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
