import { defineConfig } from 'vitest/config';

/**
 * Two projects:
 * - unit: unit and integration tests of the packages (node). global-setup starts one throwaway
 *   PostgreSQL server for the run; each test file makes its own database on it, so files run in parallel.
 * - e2e: the built app in real Chromium (e2e/support/harness.ts); one file at a time.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['packages/server/test/support/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A page under a loaded CI machine may take more than the default second to settle.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
