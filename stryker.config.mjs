/**
 * Mutation testing of the rule modules (issue 22 item 8): `npm run test:mutation` (not part of `npm test`).
 * StrykerJS changes one thing at a time in the rules (a `<` for a `<=`, a condition for `true`, …) and runs the
 * tests that reach it (vitest.mutation.config.ts, PGlite only); a change no test notices "survives". One module
 * at a time: `npx stryker run --mutate server/src/features/enrollment/withdraw.ts`. The globs follow a module
 * split into smaller files next to it. One test runner (the machine is shared); the HTML report is
 * reports/mutation/index.html, the sandboxes .stryker-tmp/ (both git-ignored).
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  concurrency: 1,
  mutate: [
    'server/src/features/enrollment/withdraw*.ts',
    'server/src/features/enrollment/eligibility*.ts',
    // The pure eligibility rules, split out of eligibility.ts (which re-exports them).
    'server/src/features/enrollment/child-verdict.ts',
    'server/src/features/passes/door*.ts',
    'server/src/features/auth/throttle.ts',
    'contract/src/zoned-time.ts',
    // The family account's pure rules (issue 23): signs, statuses, the office's words, splitting cents.
    'contract/src/ledger.ts',
    'contract/src/payment-plan.ts',
    // Autopay's retry dates and the split of a charge between two parents (issue 23, decisions 023 and 024).
    'contract/src/autopay.ts',
    'contract/src/billing-split.ts',
    '!**/*.test.ts',
  ],
  // Only what the server and contract tests read goes into the sandbox.
  ignorePatterns: ['/web', '/e2e', '/docs', '/data', '/dist', '/.tools', '/coverage', '/reports'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  // A mutant that makes a test run this much longer than it did unmutated is a timeout (counted as killed).
  timeoutMS: 60_000,
  dryRunTimeoutMinutes: 30,
};
