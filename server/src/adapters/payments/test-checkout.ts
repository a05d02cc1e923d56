/**
 * The built-in test checkout: a payment provider that charges no card, used when Stripe keys are not set
 * (the demo, development, the browser tests). It keeps the checkout's state where Stripe would, in the
 * checkout object (`payments.checkout_json`), and moves it only forward: `open` → `complete` (Pay) or
 * `expired` (Cancel, or the hold ended), each by one conditional UPDATE, so a double-clicked Pay or a Pay
 * racing the expiry has exactly one winner. The pages are in `features/test-checkout/routes.ts`.
 */
import { randomBytes } from 'node:crypto';
import { testCheckout } from '@lc/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import {
  assertChargeableLines,
  type CheckoutState,
  type OffSessionCharge,
  type PaymentProvider,
  type SavedMethod,
  type SetupState,
} from './types.ts';

/**
 * The cards and bank accounts the test checkout can save (issue 23), each with the outcome Stripe's test
 * numbers give an off-session charge (https://docs.stripe.com/testing): 4242 succeeds, 9995 declines for
 * insufficient funds, 3184 always asks for authentication, a bank account's debit is processing for
 * `TEST_DEBIT_DAYS` of the app clock and then settles (6789) or fails (2227).
 */
export const TEST_METHODS = {
  test_pm_visa: { kind: 'card', label: 'visa', last4: '4242', outcome: 'succeeds' },
  test_pm_visa_insufficient_funds: { kind: 'card', label: 'visa', last4: '9995', outcome: 'declines' },
  test_pm_visa_authentication: { kind: 'card', label: 'visa', last4: '3184', outcome: 'authenticates' },
  test_pm_bank: { kind: 'us_bank_account', label: 'Test Bank', last4: '6789', outcome: 'settles' },
  test_pm_bank_insufficient_funds: {
    kind: 'us_bank_account',
    label: 'Test Bank',
    last4: '2227',
    outcome: 'bounces',
  },
} as const satisfies Record<
  string,
  {
    kind: SavedMethod['kind'];
    label: string;
    last4: string;
    outcome: 'succeeds' | 'declines' | 'authenticates' | 'settles' | 'bounces';
  }
>;
export type TestMethodId = keyof typeof TEST_METHODS;
export const isTestMethod = (id: unknown): id is TestMethodId =>
  typeof id === 'string' && Object.hasOwn(TEST_METHODS, id);

/** Days of the app clock a test bank debit stays `processing` (ACH debits take about four business days). */
export const TEST_DEBIT_DAYS = 2;

/** The saved method a test checkout hands back for `id`, under the parent's test customer. */
export function testSavedMethod(id: TestMethodId, customerEmail: string): SavedMethod {
  const method = TEST_METHODS[id];
  return {
    customerId: `test_cus_${Buffer.from(customerEmail.toLowerCase()).toString('base64url').slice(0, 24)}`,
    methodId: id,
    kind: method.kind,
    label: method.label,
    last4: method.last4,
    expMonth: method.kind === 'card' ? 12 : null,
    expYear: method.kind === 'card' ? 2030 : null,
  };
}

/** A test off-session charge, kept in its payment's `charge_json` as Stripe keeps a PaymentIntent. */
export type TestIntent = {
  object: 'test_payment_intent';
  id: string;
  amount: number;
  method: TestMethodId;
  status: OffSessionCharge['status'];
  /** Unix seconds a processing bank debit settles (app clock). */
  settles_at: number | null;
  failure_code: string | null;
  failure_message: string | null;
};

const FAILURES = {
  insufficient_funds: 'Your card has insufficient funds.',
  authentication_required: 'Your bank asks you to confirm this payment yourself.',
  debit_insufficient_funds: 'The bank account did not have enough money for this debit.',
} as const;

export type TestCheckoutObject = {
  object: 'test_checkout';
  id: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: 'usd';
  customer_email: string;
  /** The page's language, like Stripe's `locale` (issue 14); missing on checkouts made before it. */
  locale?: 'en' | 'es';
  /** Unix seconds, like Stripe's `expires_at`. */
  expires_at: number;
  success_url: string;
  cancel_url: string;
  payment_intent: string | null;
  completed_at?: number;
  /** Refunds made, by idempotency key (cents in `amount`). */
  refunds?: Record<string, TestRefund>;
  /** The family asked to save the method (`saveMethod`); `saved_method` is what they chose on the page. */
  save_method?: boolean;
  saved_method?: TestMethodId | null;
  /** A checkout that only saves a method (`mode: setup`): no lines, no total. */
  mode?: 'payment' | 'setup';
};

export type TestRefund = {
  object: 'test_refund';
  id: string;
  checkout: string;
  amount: number;
  status: 'succeeded';
};

export type TestCheckoutProvider = PaymentProvider & {
  /**
   * Pay an open checkout (a setup checkout: save). `method` is the test card or account chosen on the page when
   * the checkout saves one (the first card when none was chosen). Answers the checkout as it now stands
   * (already complete or expired: unchanged).
   */
  pay: (checkoutId: string, at: Date, method?: TestMethodId) => Promise<TestCheckoutObject | null>;
  /** Cancel an open checkout (it becomes `expired`). */
  cancel: (checkoutId: string) => Promise<TestCheckoutObject | null>;
  read: (checkoutId: string) => Promise<TestCheckoutObject | null>;
};

/**
 * `now` is the app clock: a test bank debit settles `TEST_DEBIT_DAYS` after it started by that clock, so tests
 * and the demo move it forward instead of waiting.
 */
export function createTestCheckoutProvider(
  db: Db,
  appUrl: string,
  now: () => Date = () => new Date(),
): TestCheckoutProvider {
  // A payment's checkout or a setup's: the id is unique across both (random).
  const read = async (checkoutId: string) => {
    const [row] = await queryRows<{ checkout_json: TestCheckoutObject | null }>(
      db,
      sql`select checkout_json from payments where checkout_id = ${checkoutId} and provider = 'test'
        union all
        select checkout_json from payment_method_setups where checkout_id = ${checkoutId} and provider = 'test'`,
    );
    return row?.checkout_json ?? null;
  };
  /** Move an open checkout to `patch`; answers the stored object either way. */
  const transition = async (checkoutId: string, patch: Partial<TestCheckoutObject>) => {
    const json = JSON.stringify(patch);
    await db.execute(
      sql`update payments set checkout_json = checkout_json || ${json}::jsonb
          where checkout_id = ${checkoutId} and provider = 'test' and checkout_json->>'status' = 'open'`,
    );
    await db.execute(
      sql`update payment_method_setups set checkout_json = checkout_json || ${json}::jsonb
          where checkout_id = ${checkoutId} and provider = 'test' and checkout_json->>'status' = 'open'`,
    );
    return read(checkoutId);
  };
  const savedOf = (checkout: TestCheckoutObject) =>
    checkout.status === 'complete' && checkout.save_method && checkout.saved_method
      ? testSavedMethod(checkout.saved_method, checkout.customer_email)
      : null;
  const readIntent = async (intentId: string) => {
    const [row] = await queryRows<{ charge_json: TestIntent | null }>(
      db,
      sql`select charge_json from payments where payment_intent_id = ${intentId} and provider = 'test'`,
    );
    return row?.charge_json?.object === 'test_payment_intent' ? row.charge_json : null;
  };
  const chargeOf = (intent: TestIntent): OffSessionCharge => ({
    status: intent.status,
    intentId: intent.id,
    failureCode: intent.failure_code,
    failureMessage: intent.failure_message,
    receiptUrl: null,
    raw: intent,
  });
  /** The intent a charge of `method` makes now: cards answer at once, bank debits process first. */
  const newIntent = (method: TestMethodId, amount: number): TestIntent => {
    const outcome = TEST_METHODS[method].outcome;
    const base = {
      object: 'test_payment_intent' as const,
      id: `test_pi_${randomBytes(12).toString('base64url')}`,
      amount,
      method,
      settles_at: null,
      failure_code: null,
      failure_message: null,
    };
    if (outcome === 'succeeds') return { ...base, status: 'succeeded' };
    if (outcome === 'declines')
      return {
        ...base,
        status: 'failed',
        failure_code: 'insufficient_funds',
        failure_message: FAILURES.insufficient_funds,
      };
    if (outcome === 'authenticates')
      return {
        ...base,
        status: 'action_required',
        failure_code: 'authentication_required',
        failure_message: FAILURES.authentication_required,
      };
    return {
      ...base,
      status: 'processing',
      settles_at: Math.floor(now().getTime() / 1000) + TEST_DEBIT_DAYS * 86_400,
    };
  };
  const toState = (checkout: TestCheckoutObject): CheckoutState => ({
    checkoutId: checkout.id,
    status: checkout.status,
    paymentStatus: checkout.payment_status,
    paymentFailed: false,
    paymentIntentId: checkout.payment_intent,
    receiptUrl: checkout.status === 'complete' ? `${appUrl}${testCheckout.receipt(checkout.id)}` : null,
    raw: checkout,
    chargeRaw: null,
    savedMethod: savedOf(checkout),
  });

  return {
    name: 'test',
    /** Keeps the checkout's total (`amount_total`, cents) as the lines add up; refuses lines Stripe would. */
    async createCheckout(input) {
      assertChargeableLines(input.lines);
      const id = `test_cs_${randomBytes(24).toString('base64url')}`;
      const checkout: TestCheckoutObject = {
        object: 'test_checkout',
        id,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: input.lines.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0),
        currency: 'usd',
        customer_email: input.customerEmail,
        locale: input.language ?? 'en',
        expires_at: Math.floor(input.expiresAt.getTime() / 1000),
        success_url: input.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
        cancel_url: input.cancelUrl.replace('{CHECKOUT_SESSION_ID}', id),
        payment_intent: null,
        save_method: input.saveMethod === true,
        saved_method: null,
        mode: 'payment',
      };
      return { checkoutId: id, checkoutUrl: `${appUrl}${testCheckout.page(id)}`, raw: checkout };
    },
    /** A checkout with no lines that saves a method; the caller stores `raw` as the setup's `checkout_json`. */
    async createSetup(input) {
      const id = `test_cs_${randomBytes(24).toString('base64url')}`;
      const checkout: TestCheckoutObject = {
        object: 'test_checkout',
        id,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: 0,
        currency: 'usd',
        customer_email: input.customerEmail,
        locale: input.language ?? 'en',
        expires_at: Math.floor(now().getTime() / 1000) + 24 * 3600,
        success_url: input.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
        cancel_url: input.cancelUrl.replace('{CHECKOUT_SESSION_ID}', id),
        payment_intent: null,
        save_method: true,
        saved_method: null,
        mode: 'setup',
      };
      return { checkoutId: id, checkoutUrl: `${appUrl}${testCheckout.page(id)}`, raw: checkout };
    },
    async retrieveSetup(checkoutId): Promise<SetupState> {
      const checkout = await read(checkoutId);
      if (!checkout) throw new Error(`No test checkout ${checkoutId}`);
      return { checkoutId, status: checkout.status, savedMethod: savedOf(checkout), raw: checkout };
    },
    /**
     * Answers the intent stored on the attempt's payment when there is one (the same attempt charged again
     * answers the first charge, as Stripe's idempotency key does); else makes it and stores it there.
     */
    async chargeSaved(input) {
      if (!isTestMethod(input.method.methodId))
        throw new Error(`${input.method.methodId} is not a test payment method`);
      const made = newIntent(input.method.methodId, input.amount);
      await db.execute(
        sql`update payments set charge_json = ${JSON.stringify(made)}::jsonb, payment_intent_id = ${made.id}
          where id = ${input.metadata.paymentId} and provider = 'test' and payment_intent_id is null`,
      );
      const [row] = await queryRows<{ payment_intent_id: string | null }>(
        db,
        sql`select payment_intent_id from payments where id = ${input.metadata.paymentId}`,
      );
      const intent = row?.payment_intent_id ? await readIntent(row.payment_intent_id) : null;
      return chargeOf(intent ?? made);
    },
    /** A processing debit whose `settles_at` has come (app clock) settles now: 6789 succeeds, 2227 fails. */
    async retrieveCharge(intentId) {
      const intent = await readIntent(intentId);
      if (!intent) throw new Error(`No test payment intent ${intentId}`);
      if (intent.status !== 'processing' || (intent.settles_at ?? 0) > now().getTime() / 1000)
        return chargeOf(intent);
      const settled: TestIntent =
        TEST_METHODS[intent.method].outcome === 'bounces'
          ? {
              ...intent,
              status: 'failed',
              failure_code: 'insufficient_funds',
              failure_message: FAILURES.debit_insufficient_funds,
            }
          : { ...intent, status: 'succeeded' };
      await db.execute(
        sql`update payments set charge_json = ${JSON.stringify(settled)}::jsonb
          where payment_intent_id = ${intentId} and provider = 'test' and charge_json->>'status' = 'processing'`,
      );
      return chargeOf((await readIntent(intentId)) ?? settled);
    },
    async retrieveCheckout(checkoutId) {
      const checkout = await read(checkoutId);
      if (!checkout) throw new Error(`No test checkout ${checkoutId}`);
      return toState(checkout);
    },
    async expireCheckout(checkoutId) {
      await transition(checkoutId, { status: 'expired' });
    },
    /**
     * Records the refund in the checkout object (`refunds`, by idempotency key) as Stripe keeps refunds on
     * the charge: the same key answers the refund made the first time.
     */
    async refund(state, amount, idempotencyKey) {
      const key = idempotencyKey ?? `refund-${state.checkoutId}`;
      const made: TestRefund = {
        object: 'test_refund',
        id: `test_re_${randomBytes(12).toString('base64url')}`,
        checkout: state.checkoutId,
        amount,
        status: 'succeeded',
      };
      await db.execute(
        sql`update payments set checkout_json = jsonb_set(checkout_json, '{refunds}',
              coalesce(checkout_json->'refunds', '{}'::jsonb) || jsonb_build_object(${key}::text, ${JSON.stringify(made)}::jsonb))
            where checkout_id = ${state.checkoutId} and provider = 'test'
              and not coalesce(checkout_json->'refunds', '{}'::jsonb) ? ${key}`,
      );
      const checkout = await read(state.checkoutId);
      return checkout?.refunds?.[key] ?? made;
    },
    read,
    pay: async (checkoutId, at, method) => {
      const checkout = await read(checkoutId);
      const setup = checkout?.mode === 'setup';
      return transition(checkoutId, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: setup ? null : `test_pi_${randomBytes(12).toString('base64url')}`,
        completed_at: Math.floor(at.getTime() / 1000),
        saved_method: checkout?.save_method ? (method ?? 'test_pm_visa') : null,
      });
    },
    cancel: (checkoutId) => transition(checkoutId, { status: 'expired' }),
  };
}
