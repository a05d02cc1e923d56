import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Unit and API integration tests. `server` tests open their own fresh database per file (PGlite, and
 * PostgreSQL when TEST_DATABASE_URL is set); `web` tests run in jsdom. End-to-end tests are Playwright's (e2e/).
 */
export default defineConfig({
  test: {
    // Vitest runs cores − 1 files at once: one on a 2-core CI machine. The API tests mostly wait on their
    // database, so two at a time is faster there (the whole run 337–364 s → 231–255 s, measured twice on
    // both databases); each file has its own fresh database, so they never share state.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contract',
          include: ['contract/src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          environment: 'node',
          // On PostgreSQL each test database is a copy of one migrated before the run (postgres-template.ts).
          globalSetup: ['server/test/postgres-template.ts'],
          // Files share a worker's modules instead of importing the whole server again for each file (import
          // time summed over the files: ~180 s → 17 s). Safe because nothing here keeps state in a module
          // that outlives a file: each file opens its own database and app, and the per-process caches are
          // keyed by that database or config (WeakMaps); no test mocks a module. A run of every server file
          // this way passed on both databases (issue 22).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/test-setup.ts'],
          // A page test types and clicks through a whole dialog; on a busy 2-core machine one took 6.3 s (1.5 s
          // alone) and failed Vitest's default 5 s limit. Each expectation still waits only its own 1 s.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
