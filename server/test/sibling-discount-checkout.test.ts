/**
 * The sibling discount at checkout (issue 13; decision 014): a discount down to nothing (the free path), the
 * enroll page's `holdsSiblingPlace` never counting another family, the payment providers refusing a negative
 * or fractional line, and the lines Stripe Checkout is sent (against the Stripe fake). What a family is charged
 * is in sibling-discount.test.ts, the shared set-up in support/sibling-discount-app.ts. On PGlite and on the
 * PostgreSQL server.
 */
import { siblingsAlreadyEnrolled } from '@lc/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeProvider } from '../src/adapters/payments/stripe.ts';
import { createTestCheckoutProvider } from '../src/adapters/payments/test-checkout.ts';
import type { CreateCheckoutInput } from '../src/adapters/payments/types.ts';
import { queryRows } from '../src/db/client.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, movableClock } from './support/registration.ts';
import { amounts, NOW, type PaymentJson, siblingDiscountApp } from './support/sibling-discount-app.ts';
import { type StripeFake, startStripeFake } from './support/stripe-fake.ts';

describe.each(dbKinds)('sibling discount on %s', (kind) => {
  const pricing = siblingDiscountApp(kind);
  const { checkoutTotal, enrollNew, enrollAndPay, standing } = pricing;

  describe('a discount down to nothing', () => {
    it('enrolls at once on the free path when the discounted total is $0, and charges the first child in full', async () => {
      const id = await pricing.a.session({
        rosterSize: 5,
        supplyFee: 0,
        siblingDiscountType: 'Percent',
        siblingDiscountValue: 100,
      });
      const parent = await pricing.a.family('Okoro', 3);
      const [first, second, third] = parent.childIds as [string, string, string];
      const together = await enrollNew(parent, id, [first, second]);
      expect(amounts(together)).toEqual([100_000, -50_000]);
      expect(together).toMatchObject({ originalAmount: 100_000, finalAmount: 50_000, provider: 'test' });
      expect(await checkoutTotal(together.checkoutId)).toBe(50_000);
      expect((await pricing.a.press(together.checkoutId, 'pay')).statusCode).toBe(303);

      const free = await enrollNew(parent, id, [third]);
      expect(amounts(free)).toEqual([50_000, -50_000]);
      expect(free).toMatchObject({
        originalAmount: 50_000,
        finalAmount: 0,
        provider: 'free',
        status: 'Paid',
      });
      const enrolled = await queryRows<{ status: string }>(
        pricing.t.database.db,
        sql`select status from class_session_enrollments where payment_id = ${free.id}`,
      );
      expect(enrolled).toEqual([{ status: 'Enrolled' }]);
    });

    it('does the same when the amount off is the whole registration', async () => {
      const id = await pricing.a.session({
        supplyFee: 0,
        siblingDiscountType: 'Amount',
        siblingDiscountValue: 50_000,
      });
      const parent = await pricing.a.family('Vance', 2);
      const payment = await enrollAndPay(parent, id, [parent.childIds[0]!]);
      expect(payment.finalAmount).toBe(50_000);
      const free = await enrollNew(parent, id, [parent.childIds[1]!]);
      expect(free).toMatchObject({ finalAmount: 0, provider: 'free', status: 'Paid' });
    });
  });

  describe('families stay apart', () => {
    it('never counts another family’s children, on the enroll page or at checkout', async () => {
      const id = await pricing.a.session({
        rosterSize: 5,
        siblingDiscountType: 'Percent',
        siblingDiscountValue: 10,
      });
      const first = await pricing.a.family('First', 2);
      await enrollAndPay(first, id, first.childIds);
      const other = await pricing.a.family('Other', 2);

      expect(await standing(first, id)).toEqual({ [first.childIds[0]!]: true, [first.childIds[1]!]: true });
      expect(await standing(other, id)).toEqual({ [other.childIds[0]!]: false, [other.childIds[1]!]: false });
      // The other family's first child pays in full although two children of the first family are enrolled.
      const alone = await enrollNew(other, id, [other.childIds[0]!]);
      expect(amounts(alone)).toEqual([50_000, 5_000]);
      // Another family's child cannot be sent along to reach a discount (400, nothing held).
      const mixed = await pricing.a.enroll(other, id, [other.childIds[1]!, first.childIds[0]!]);
      expect(mixed.statusCode).toBe(400);
      // A session id that names nothing answers 404, without counting anything.
      expect(
        (await pricing.a.call(other.token, 'GET', '/api/ClassSessionEnrollment/999999')).statusCode,
      ).toBe(404);
      expect(
        (await pricing.a.call(other.token, 'GET', '/api/ClassSessionEnrollment/1%20or%201=1')).statusCode,
      ).toBe(404);
    });

    it('prices on the enroll page with the count the checkout uses', async () => {
      const students = [
        { id: 'a', holdsSiblingPlace: true },
        { id: 'b', holdsSiblingPlace: false },
        { id: 'c' },
      ];
      expect(siblingsAlreadyEnrolled(students, [])).toBe(1);
      expect(siblingsAlreadyEnrolled(students, ['a', 'b'])).toBe(0);
      expect(siblingsAlreadyEnrolled(students, ['b', 'c'])).toBe(1);
    });
  });

  describe('payment providers', () => {
    it('refuse a negative or fractional line before anything is created', async () => {
      const provider = createTestCheckoutProvider(pricing.t.database.db, 'http://localhost');
      const input: CreateCheckoutInput = {
        paymentId: 'p',
        classSessionId: 1,
        lines: [{ description: 'Sibling discount', unitAmount: -3_000, quantity: 1, stripePrice: null }],
        customerEmail: 'x@families.example',
        expiresAt: new Date(Date.parse(NOW) + 30 * 60_000),
        successUrl: 'http://localhost/ok/{CHECKOUT_SESSION_ID}',
        cancelUrl: 'http://localhost/no/{CHECKOUT_SESSION_ID}',
      };
      await expect(provider.createCheckout(input)).rejects.toThrow(/whole cents ≥ 0/);
      await expect(
        provider.createCheckout({
          ...input,
          lines: [{ description: 'Half', unitAmount: 10.5, quantity: 1, stripePrice: null }],
        }),
      ).rejects.toThrow(/whole cents ≥ 0/);
    });
  });
});

describe.each(dbKinds)('sibling discount at Stripe Checkout on %s', (kind) => {
  const WEBHOOK_SECRET = 'whsec_sibling_discount';
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let fake: StripeFake;

  beforeAll(async () => {
    fake = await startStripeFake();
    t = await createTestApp(kind, {
      clock: movableClock(NOW),
      env: {
        SIGNUP_RATE_LIMIT: '10000',
        STRIPE_SECRET_KEY: 'sk_test_sibling_discount',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: `http://127.0.0.1:${fake.port}`,
      },
    });
    a = api(t);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** The form body of the Checkout Session created for `paymentId`. */
  const createdFor = (paymentId: string) => {
    const found = fake.requests.find(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/checkout/sessions' &&
        r.idempotencyKey === `checkout-${paymentId}`,
    );
    if (!found) throw new Error(`no Checkout Session was created for ${paymentId}`);
    return Object.fromEntries([...found.body].filter(([k]) => k.startsWith('line_items')));
  };

  it('sends two siblings as adjusted line items with the exact total', async () => {
    const id = await a.session({ siblingDiscountType: 'Percent', siblingDiscountValue: 10 });
    const parent = await a.family('Stripe', 2);
    const res = await a.enroll(parent, id);
    expect(res.statusCode).toBe(201);
    const payment = res.json() as PaymentJson;
    expect(payment).toMatchObject({ provider: 'stripe', originalAmount: 110_000, finalAmount: 105_000 });
    const name = payment.lineItems[0]!.description;
    expect(createdFor(payment.id)).toEqual({
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '50000',
      'line_items[0][price_data][product_data][name]': name,
      'line_items[0][quantity]': '1',
      'line_items[1][price_data][currency]': 'usd',
      'line_items[1][price_data][unit_amount]': '45000',
      'line_items[1][price_data][product_data][name]': `${name}, sibling price`,
      'line_items[1][quantity]': '1',
      'line_items[2][price_data][currency]': 'usd',
      'line_items[2][price_data][unit_amount]': '5000',
      'line_items[2][price_data][product_data][name]': payment.lineItems[1]!.description,
      'line_items[2][quantity]': '2',
    });
    expect(fake.sessions.get(payment.checkoutId)).toMatchObject({ amount_total: 105_000 });
  });

  it('keeps the session’s Stripe Prices for the full-price registration and the supply fee, never for the sibling price', async () => {
    const id = await a.session({
      rosterSize: 3,
      stripeLineItem: 'price_winterRegistration',
      supplyFeeLineItem: 'price_winterSupplies',
      siblingDiscountType: 'Amount',
      siblingDiscountValue: 12_500,
    });
    const parent = await a.family('Prices', 3);
    const res = await a.enroll(parent, id);
    expect(res.statusCode).toBe(201);
    const payment = res.json() as PaymentJson;
    expect(payment.finalAmount).toBe(3 * 55_000 - 2 * 12_500);
    const body = createdFor(payment.id);
    expect(body).toMatchObject({
      'line_items[0][price]': 'price_winterRegistration',
      'line_items[0][quantity]': '1',
      'line_items[1][price_data][unit_amount]': '37500',
      'line_items[1][quantity]': '2',
      'line_items[2][price]': 'price_winterSupplies',
      'line_items[2][quantity]': '3',
    });
    expect(Object.keys(body).some((k) => k.startsWith('line_items[3]'))).toBe(false);
    // What Stripe charges: the Prices' amounts (the session's own) plus the sibling lines, to the cent.
    expect(50_000 * 1 + 37_500 * 2 + 5_000 * 3).toBe(payment.finalAmount);
  });

  it('refuses a negative line before calling Stripe', async () => {
    const before = fake.requests.length;
    const stripe = createStripeProvider({
      secretKey: 'sk_test_sibling_discount',
      webhookSecret: WEBHOOK_SECRET,
      host: '127.0.0.1',
      port: fake.port,
      protocol: 'http',
    });
    await expect(
      stripe.createCheckout({
        paymentId: 'negative',
        classSessionId: 1,
        lines: [{ description: 'Sibling discount', unitAmount: -3_000, quantity: 1, stripePrice: null }],
        customerEmail: 'x@families.example',
        expiresAt: new Date(Date.now() + 45 * 60_000),
        successUrl: 'https://center.example/ok',
        cancelUrl: 'https://center.example/no',
      }),
    ).rejects.toThrow(/whole cents ≥ 0/);
    expect(fake.requests.length).toBe(before);
  });
});
