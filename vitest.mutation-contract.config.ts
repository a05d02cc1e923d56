/**
 * The contract's own tests for the contract-only mutation run (stryker.contract.config.mjs): the mutation
 * config (vitest.mutation.config.ts, with its aliases into Stryker's sandbox) limited to `contract/src`.
 */
import { defineConfig } from 'vitest/config';
import mutation from './vitest.mutation.config.ts';

export default defineConfig({ ...mutation, test: { ...mutation.test, include: ['contract/src/*.test.ts'] } });
