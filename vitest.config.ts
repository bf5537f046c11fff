import { defineConfig } from 'vitest/config';

const server = (db: 'sqlite' | 'postgres') => ({
  test: {
    name: `server-${db}`,
    root: './server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: db },
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

/** One `vitest run` covers every package; the server suite runs once per database. */
export default defineConfig({
  test: {
    projects: [
      server('sqlite'),
      server('postgres'),
      {
        test: {
          name: 'elements',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'tools',
          include: ['scripts/**/*.test.mjs'],
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
