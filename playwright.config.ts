import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from './test-support/chromium.mjs';

/** Browser tests of the whole stack: the built server and demo, in Debian's Chromium. */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: './test-results/playwright',
  // Screenshots are named without the project (there is one browser, and the names predate projects).
  snapshotPathTemplate: '{snapshotDir}/{testFileDir}/{testFileName}-snapshots/{arg}{-snapshotSuffix}{ext}',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: process.env.E2E_JSON_FILE ?? 'test-results/e2e.json' }]]
    : 'list',
  use: {
    browserName: 'chromium',
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_FLAGS,
    },
  },
  // The packed packages installed in fresh apps (mostly npm, tsc and bundlers) apart from the tests of
  // this repository's stack, so `npm test` can run them beside the server suites (--project=packages).
  projects: [
    { name: 'stack', testIgnore: 'packages/**', outputDir: './test-results/playwright/stack' },
    { name: 'packages', testMatch: 'packages/**/*.e2e.ts', outputDir: './test-results/playwright/packages' },
  ],
});
