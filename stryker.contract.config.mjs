/**
 * The mutation run over the contract's pure rules alone (`npm run test:mutation:contract`): the money rules
 * (ledger, payment plans, autopay's retry dates, the split of a charge) and the time-zone helpers, against the
 * contract's own tests only, in about two minutes instead of the hours the full run spends when a mutant is
 * also reached by the server's database tests. Static mutants (the zod schemas, run once at import) are left
 * out: each would rerun every test. A score here is a lower bound: the API tests may kill more.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
import base from './stryker.config.mjs';

export default {
  ...base,
  mutate: [
    'contract/src/ledger.ts',
    'contract/src/payment-plan.ts',
    'contract/src/autopay.ts',
    'contract/src/billing-split.ts',
    'contract/src/zoned-time.ts',
  ],
  ignoreStatic: true,
  vitest: { configFile: 'vitest.mutation-contract.config.ts', related: false },
};
