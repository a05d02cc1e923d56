import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The tests the mutation run (`npm run test:mutation`, stryker.config.mjs) runs against each mutant of the
 * rule modules (issue 22 item 8): the contract's time-zone tests and the rule tests of server/test/rules/
 * (withdrawals, eligibility, the door, the auth throttle), each test standing on its own so that Stryker can
 * run only the tests that reach a mutant. PGlite only (TEST_DATABASE_URL is cleared): row-lock and race tests
 * need PostgreSQL and run in `npm test`, not here. The wider API tests (family-withdraw, passes-door, …) guard
 * the same rules in `npm test`; leaving them out keeps a module's run to minutes instead of hours.
 *
 * Stryker runs this config in a sandbox copy of the repository, whose `node_modules` is a link to the real
 * one; `@lc/contract` is a workspace link there, so it is pointed at the sandbox's own `contract/src` (where
 * the mutated `zoned-time.ts` is), never at the working tree.
 */
const root = path.dirname(fileURLToPath(import.meta.url));

export const mutationTestFiles = [
  'contract/src/zoned-time.test.ts',
  'contract/src/ledger.test.ts',
  'contract/src/payment-plan.test.ts',
  'contract/src/autopay.test.ts',
  'contract/src/billing-split.test.ts',
  'server/test/rules/**/*.test.ts',
];

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@lc\/contract$/, replacement: path.join(root, 'contract/src/index.ts') },
      { find: /^@lc\/contract\/zoned-time$/, replacement: path.join(root, 'contract/src/zoned-time.ts') },
    ],
  },
  test: {
    include: mutationTestFiles,
    environment: 'node',
    env: { TEST_DATABASE_URL: '' },
    // Generous: on a busy machine a test that waits past its time fails, and a mutant would count as killed
    // by the wait rather than by the test.
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
