import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { inlineCss } from './stencil.config';

/** The wire contract from its source (the server imports it by its package name). */
const contractSource = fileURLToPath(new URL('./src/contract/index.ts', import.meta.url));

const server = (db: 'sqlite' | 'postgres') => ({
  test: {
    name: `server-${db}`,
    root: './server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: db },
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Every file builds its own server on its own database, so files may share one module graph: the
    // server's modules load once per worker instead of once per file (the import phase was a third of
    // the suite's time). The suites run shuffled in `npm test`, which catches a file leaning on another.
    isolate: false,
  },
  resolve: { alias: { 'open-passage/contract': contractSource } },
});

/** The React wrapper's built package, rendered by React 19 (the workspace's) or 18 (test/react18). */
const reactWrapper = (react: 18 | 19) => ({
  test: {
    name: `react-wrapper-${react}`,
    root: './react-wrapper',
    include: ['test/**/*.test.tsx'],
    environment: 'jsdom',
    env: { EXPECT_REACT: String(react) },
    ...(react === 18 ? { globalSetup: ['./test/react18-setup.ts'] } : {}),
  },
  ...(react === 18
    ? {
        resolve: {
          alias: {
            react: fileURLToPath(new URL('./react-wrapper/test/react18/node_modules/react', import.meta.url)),
            'react-dom': fileURLToPath(
              new URL('./react-wrapper/test/react18/node_modules/react-dom', import.meta.url),
            ),
          },
        },
      }
    : {}),
});

/** One `vitest run` covers every package; the server suite runs once per database. */
export default defineConfig({
  test: {
    projects: [
      server('sqlite'),
      server('postgres'),
      reactWrapper(19),
      reactWrapper(18),
      {
        test: {
          name: 'vue-wrapper',
          root: './vue-wrapper',
          include: ['test/**/*.test.ts'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'elements',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
        plugins: [inlineCss],
        resolve: { alias: { 'open-passage/contract': contractSource } },
      },
      {
        test: {
          name: 'tools',
          // test/: the scripts' tests and checks of the repository itself (its sources, its docs).
          include: ['test/**/*.test.mjs'],
          environment: 'node',
        },
      },
      {
        extends: './demo/vite.config.ts',
        test: {
          name: 'demo',
          root: './demo',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 20_000,
          server: { deps: { inline: ['@stencil/react-output-target'] } },
        },
        resolve: { conditions: ['browser'] },
      },
    ],
  },
});
