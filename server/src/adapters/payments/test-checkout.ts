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
import { assertChargeableLines, type CheckoutState, type PaymentProvider } from './types.ts';

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
};

export type TestRefund = {
  object: 'test_refund';
  id: string;
  checkout: string;
  amount: number;
  status: 'succeeded';
};

export type TestCheckoutProvider = PaymentProvider & {
  /** Pay an open checkout. Answers the checkout as it now stands (already complete or expired: unchanged). */
  pay: (checkoutId: string, at: Date) => Promise<TestCheckoutObject | null>;
  /** Cancel an open checkout (it becomes `expired`). */
  cancel: (checkoutId: string) => Promise<TestCheckoutObject | null>;
  read: (checkoutId: string) => Promise<TestCheckoutObject | null>;
};

export function createTestCheckoutProvider(db: Db, appUrl: string): TestCheckoutProvider {
  const read = async (checkoutId: string) => {
    const [row] = await queryRows<{ checkout_json: TestCheckoutObject | null }>(
      db,
      sql`select checkout_json from payments where checkout_id = ${checkoutId} and provider = 'test'`,
    );
    return row?.checkout_json ?? null;
  };
  /** Move an open checkout to `patch`; answers the stored object either way. */
  const transition = async (checkoutId: string, patch: Partial<TestCheckoutObject>) => {
    await db.execute(
      sql`update payments set checkout_json = checkout_json || ${JSON.stringify(patch)}::jsonb
          where checkout_id = ${checkoutId} and provider = 'test' and checkout_json->>'status' = 'open'`,
    );
    return read(checkoutId);
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
      };
      return { checkoutId: id, checkoutUrl: `${appUrl}${testCheckout.page(id)}`, raw: checkout };
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
    pay: (checkoutId, at) =>
      transition(checkoutId, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: `test_pi_${randomBytes(12).toString('base64url')}`,
        completed_at: Math.floor(at.getTime() / 1000),
      }),
    cancel: (checkoutId) => transition(checkoutId, { status: 'expired' }),
  };
}
