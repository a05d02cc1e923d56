/**
 * The sibling discount through the API (issue 13; decision 014; contract `family-money.ts`): what a family of
 * two or three is charged in cents (percent and amount, rounding), a brother or sister already enrolled or
 * holding a seat, the program-wide discount on and off, the payment's amounts and lines, the test checkout
 * charging exactly the total, Billing and the receipt email, a discount down to nothing (the free path), the
 * enroll page's `holdsSiblingPlace` never counting another family, and the lines Stripe is sent. On PGlite and
 * on the PostgreSQL server.
 */
import { type LineItem, siblingsAlreadyEnrolled } from '@lc/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStripeProvider } from '../src/adapters/payments/stripe.ts';
import { createTestCheckoutProvider } from '../src/adapters/payments/test-checkout.ts';
import type { CreateCheckoutInput } from '../src/adapters/payments/types.ts';
import { queryRows } from '../src/db/client.ts';
import { classSections, classSessionEnrollments } from '../src/db/schema.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import {
  api,
  type Family,
  type MovableClock,
  movableClock,
  springSessionBody,
} from './support/registration.ts';
import { type StripeFake, startStripeFake } from './support/stripe-fake.ts';

const NOW = '2026-11-20T18:00:00Z';

type PaymentJson = {
  id: string;
  status: string;
  provider: string;
  originalAmount: number;
  finalAmount: number;
  checkoutId: string;
  checkoutUrl: string | null;
  lineItems: LineItem[];
};

/** The amounts of a payment's lines, in order (cents). */
const amounts = (payment: PaymentJson) => payment.lineItems.map((l) => l.amount);

describe.each(dbKinds)('sibling discount on %s', (kind) => {
  let t: TestApp;
  let clock: MovableClock;
  let a: ReturnType<typeof api>;

  beforeAll(async () => {
    clock = movableClock(NOW);
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
  });
  afterAll(async () => t?.close());
  beforeEach(() => clock.set(NOW));

  /** The test checkout's own record of what it charges (cents). */
  const checkoutTotal = async (checkoutId: string) =>
    (
      await queryRows<{ total: number }>(
        t.database.db,
        sql`select (checkout_json->>'amount_total')::int as total from payments where checkout_id = ${checkoutId}`,
      )
    )[0]?.total;

  /** Enroll `studentIds` and answer the new payment (201). */
  const enrollNew = async (family: Family, sessionId: number, studentIds: string[]) => {
    const res = await a.enroll(family, sessionId, studentIds);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as PaymentJson;
  };

  /** Enroll `studentIds` and pay in the test checkout. */
  const enrollAndPay = async (family: Family, sessionId: number, studentIds: string[]) => {
    const payment = await enrollNew(family, sessionId, studentIds);
    expect((await a.press(payment.checkoutId, 'pay')).statusCode).toBe(303);
    return payment;
  };

  /** The family's children for a session as the enroll page loads them, by id. */
  const standing = async (family: Family, sessionId: number) => {
    const res = await a.call(family.token, 'GET', `/api/ClassSessionEnrollment/${sessionId}`);
    expect(res.statusCode).toBe(200);
    const children = res.json() as Array<{ id: string; holdsSiblingPlace: boolean }>;
    return Object.fromEntries(children.map((c) => [c.id, c.holdsSiblingPlace]));
  };

  describe('two or three children enrolling together', () => {
    it('takes 10% off the second child as its own line, charges exactly that, and Billing and the receipt show it', async () => {
      // Set by the director through the staff API, as the session form does.
      const director = await a.staff('Admin');
      const created = await a.call(director, 'POST', '/api/ClassSession', {
        ...springSessionBody('Garden Explorers'),
        siblingDiscountType: 'Percent',
        siblingDiscountValue: 10,
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().id as number;
      const parent = await a.family('Moreno', 2);

      const payment = await enrollNew(parent, id, parent.childIds);
      // $300 registration and $25 supply fee each; the second child's registration is $30 less.
      expect(payment.lineItems).toEqual([
        {
          description: 'Garden Explorers — registration',
          unitAmount: 30_000,
          quantity: 2,
          amount: 60_000,
        },
        { description: 'Garden Explorers — supply fee', unitAmount: 2_500, quantity: 2, amount: 5_000 },
        {
          description: 'Sibling discount (10% off a brother or sister)',
          unitAmount: -3_000,
          quantity: 1,
          amount: -3_000,
        },
      ]);
      expect(payment).toMatchObject({ originalAmount: 65_000, finalAmount: 62_000, provider: 'test' });
      // The test checkout charges exactly the total and its page shows every line.
      expect(await checkoutTotal(payment.checkoutId)).toBe(62_000);
      const page = await t.app.inject({ method: 'GET', url: new URL(payment.checkoutUrl!).pathname });
      expect(page.body).toContain('Sibling discount (10% off a brother or sister)');
      expect(page.body).toContain('-$30.00');
      expect(page.body).toMatch(/<th scope="row">Total<\/th><td class="num">\$620\.00<\/td>/);
      // The test checkout and its receipt say plainly that no money moves (issue 21 item 9).
      expect(page.body).toContain('no card is charged and no money moves');

      expect((await a.press(payment.checkoutId, 'pay')).statusCode).toBe(303);
      const billing = await a.call(parent.token, 'GET', '/api/Billing');
      const [paid] = billing.json() as PaymentJson[];
      expect(paid).toMatchObject({ status: 'Paid', originalAmount: 65_000, finalAmount: 62_000 });
      expect(amounts(paid!)).toEqual([60_000, 5_000, -3_000]);
      const receipt = await t.app.inject({
        method: 'GET',
        url: `/test-checkout/${payment.checkoutId}/receipt`,
      });
      expect(receipt.body).toContain('Sibling discount (10% off a brother or sister)');
      expect(receipt.body).toContain('$620.00');
      expect(receipt.body).toContain('no card was charged and no money moved');

      await t.flush();
      const [mail] = (await t.mails()).filter(
        (m) => m.to === parent.email && m.subject === 'You’re enrolled: Garden Explorers',
      );
      expect(mail!.text).toContain(
        [
          'What you paid:',
          '  Garden Explorers — registration × 2: $600.00',
          '  Garden Explorers — supply fee × 2: $50.00',
          '  Sibling discount (10% off a brother or sister): -$30.00',
          '  Total: $620.00',
        ].join('\n'),
      );
      expect(mail!.text).toContain('The sibling discount saved you $30.00.');
    });

    it('takes an amount off each brother or sister after the first (three children)', async () => {
      const id = await a.session({
        rosterSize: 5,
        siblingDiscountType: 'Amount',
        siblingDiscountValue: 7_500,
      });
      const parent = await a.family('Lindqvist', 3);
      const payment = await enrollNew(parent, id, parent.childIds);
      // 3 × $500 + 3 × $50 − 2 × $75.
      expect(amounts(payment)).toEqual([150_000, 15_000, -15_000]);
      expect(payment.lineItems[2]!.description).toBe('Sibling discount ($75.00 off each brother or sister)');
      expect(payment).toMatchObject({ originalAmount: 165_000, finalAmount: 150_000 });
      expect(await checkoutTotal(payment.checkoutId)).toBe(150_000);
    });

    it('takes a percentage off two of three children, rounded down to the cent', async () => {
      const id = await a.session({
        rosterSize: 5,
        registrationPrice: 33_333,
        supplyFee: 0,
        siblingDiscountType: 'Percent',
        siblingDiscountValue: 15,
      });
      const parent = await a.family('Achebe', 3);
      const payment = await enrollNew(parent, id, parent.childIds);
      // 15% of $333.33 is $49.9995: $49.99 off each of two children.
      expect(payment.lineItems[1]).toMatchObject({ unitAmount: -4_999, quantity: 2, amount: -9_998 });
      expect(payment).toMatchObject({ originalAmount: 99_999, finalAmount: 90_001 });
      expect(await checkoutTotal(payment.checkoutId)).toBe(90_001);
    });

    it('gives no discount to one child alone, nor without a discount', async () => {
      const discounted = await a.session({ siblingDiscountType: 'Percent', siblingDiscountValue: 10 });
      const only = await a.family('Solo', 1);
      const alone = await enrollNew(only, discounted, only.childIds);
      expect(amounts(alone)).toEqual([50_000, 5_000]);
      expect(alone).toMatchObject({ originalAmount: 55_000, finalAmount: 55_000 });

      const plain = await a.session();
      const pair = await a.family('Plain', 2);
      const both = await enrollNew(pair, plain, pair.childIds);
      expect(amounts(both)).toEqual([100_000, 10_000]);
      expect(both).toMatchObject({ originalAmount: 110_000, finalAmount: 110_000 });
    });
  });

  describe('a brother or sister who already has a place', () => {
    it('discounts a child enrolling alone after a sibling was enrolled, and says so on the enroll page', async () => {
      const id = await a.session({ siblingDiscountType: 'Percent', siblingDiscountValue: 10 });
      const parent = await a.family('Nguyen', 2);
      const [first, second] = parent.childIds as [string, string];
      const firstPayment = await enrollAndPay(parent, id, [first]);
      expect(firstPayment.finalAmount).toBe(55_000);

      expect(await standing(parent, id)).toEqual({ [first]: true, [second]: false });
      const secondPayment = await enrollNew(parent, id, [second]);
      expect(amounts(secondPayment)).toEqual([50_000, 5_000, -5_000]);
      expect(secondPayment.lineItems[2]!.description).toBe('Sibling discount (10% off a brother or sister)');
      expect(secondPayment).toMatchObject({ originalAmount: 55_000, finalAmount: 50_000 });
      expect(await checkoutTotal(secondPayment.checkoutId)).toBe(50_000);
    });

    it('counts a seat held for an open checkout, and not once its hold has run out', async () => {
      const id = await a.session({ siblingDiscountType: 'Amount', siblingDiscountValue: 10_000 });
      const parent = await a.family('Haddad', 2);
      const [first, second] = parent.childIds as [string, string];
      await enrollNew(parent, id, [first]);
      expect(await standing(parent, id)).toEqual({ [first]: true, [second]: false });

      clock.advanceMinutes(31);
      expect(await standing(parent, id)).toEqual({ [first]: false, [second]: false });
      const alone = await enrollNew(parent, id, [second]);
      expect(amounts(alone)).toEqual([50_000, 5_000]);
    });

    it('counts other sessions of the program only when the discount reaches across it, and only those not ended', async () => {
      const [program] = await t.database.db
        .insert(classSections)
        .values({ name: 'Morning Program' })
        .returning({ id: classSections.id });
      const programId = program!.id;
      const discount = {
        rosterSize: 10,
        siblingDiscountType: 'Percent' as const,
        siblingDiscountValue: 20,
      };
      const autumn = await a.session({ rosterSize: 10, classSectionId: programId });
      const sameOnly = await a.session({ ...discount, classSectionId: programId });
      const across = await a.session({
        ...discount,
        classSectionId: programId,
        siblingDiscountAcrossProgram: true,
      });
      const otherProgram = await a.session({ ...discount, siblingDiscountAcrossProgram: true });

      const parent = await a.family('Park', 3);
      const [older, younger, baby] = parent.childIds as [string, string, string];
      await enrollAndPay(parent, autumn, [older]);

      // The discount stays within its session: the older child in Autumn does not count.
      expect((await standing(parent, sameOnly))[older]).toBe(false);
      expect(amounts(await enrollNew(parent, sameOnly, [younger]))).toEqual([50_000, 5_000]);
      // It reaches across the program: the older child (enrolled) and the younger one (a seat held in
      // another session of the program) count, so the baby alone gets 20% off.
      expect(await standing(parent, across)).toEqual({ [older]: true, [younger]: true, [baby]: false });
      expect(amounts(await enrollNew(parent, across, [baby]))).toEqual([50_000, 5_000, -10_000]);
      // Another program's session does not see the Morning Program's children.
      expect(await standing(parent, otherProgram)).toEqual({
        [older]: false,
        [younger]: false,
        [baby]: false,
      });

      // A child is never their own sibling: enrolling the child who has the place gives no discount, and
      // with a brother or sister, one.
      const pair = await a.family('Pair', 2);
      await enrollAndPay(pair, autumn, [pair.childIds[0]!]);
      const together = await enrollNew(pair, across, pair.childIds);
      expect(amounts(together)).toEqual([100_000, 10_000, -10_000]);
      const single = await a.family('Single', 1);
      await enrollAndPay(single, autumn, single.childIds);
      expect(amounts(await enrollNew(single, across, single.childIds))).toEqual([50_000, 5_000]);

      // A session of the program that has ended does not count.
      const ended = await a.session({
        classSectionId: programId,
        sessionStartDate: '2026-01-05',
        sessionEndDate: '2026-05-29',
      });
      const lateProgram = await a.session({
        ...discount,
        classSectionId: programId,
        siblingDiscountAcrossProgram: true,
      });
      const alumni = await a.family('Alumni', 2);
      await t.database.db
        .insert(classSessionEnrollments)
        .values({ classSessionId: ended, studentId: alumni.childIds[0]!, status: 'Enrolled' });
      expect((await standing(alumni, lateProgram))[alumni.childIds[0]!]).toBe(false);
      expect(amounts(await enrollNew(alumni, lateProgram, [alumni.childIds[1]!]))).toEqual([50_000, 5_000]);
    });
  });

  describe('a discount down to nothing', () => {
    it('enrolls at once on the free path when the discounted total is $0, and charges the first child in full', async () => {
      const id = await a.session({
        rosterSize: 5,
        supplyFee: 0,
        siblingDiscountType: 'Percent',
        siblingDiscountValue: 100,
      });
      const parent = await a.family('Okoro', 3);
      const [first, second, third] = parent.childIds as [string, string, string];
      const together = await enrollNew(parent, id, [first, second]);
      expect(amounts(together)).toEqual([100_000, -50_000]);
      expect(together).toMatchObject({ originalAmount: 100_000, finalAmount: 50_000, provider: 'test' });
      expect(await checkoutTotal(together.checkoutId)).toBe(50_000);
      expect((await a.press(together.checkoutId, 'pay')).statusCode).toBe(303);

      const free = await enrollNew(parent, id, [third]);
      expect(amounts(free)).toEqual([50_000, -50_000]);
      expect(free).toMatchObject({
        originalAmount: 50_000,
        finalAmount: 0,
        provider: 'free',
        status: 'Paid',
      });
      const enrolled = await queryRows<{ status: string }>(
        t.database.db,
        sql`select status from class_session_enrollments where payment_id = ${free.id}`,
      );
      expect(enrolled).toEqual([{ status: 'Enrolled' }]);
    });

    it('does the same when the amount off is the whole registration', async () => {
      const id = await a.session({
        supplyFee: 0,
        siblingDiscountType: 'Amount',
        siblingDiscountValue: 50_000,
      });
      const parent = await a.family('Vance', 2);
      const payment = await enrollAndPay(parent, id, [parent.childIds[0]!]);
      expect(payment.finalAmount).toBe(50_000);
      const free = await enrollNew(parent, id, [parent.childIds[1]!]);
      expect(free).toMatchObject({ finalAmount: 0, provider: 'free', status: 'Paid' });
    });
  });

  describe('families stay apart', () => {
    it('never counts another family’s children, on the enroll page or at checkout', async () => {
      const id = await a.session({ rosterSize: 5, siblingDiscountType: 'Percent', siblingDiscountValue: 10 });
      const first = await a.family('First', 2);
      await enrollAndPay(first, id, first.childIds);
      const other = await a.family('Other', 2);

      expect(await standing(first, id)).toEqual({ [first.childIds[0]!]: true, [first.childIds[1]!]: true });
      expect(await standing(other, id)).toEqual({ [other.childIds[0]!]: false, [other.childIds[1]!]: false });
      // The other family's first child pays in full although two children of the first family are enrolled.
      const alone = await enrollNew(other, id, [other.childIds[0]!]);
      expect(amounts(alone)).toEqual([50_000, 5_000]);
      // Another family's child cannot be sent along to reach a discount (400, nothing held).
      const mixed = await a.enroll(other, id, [other.childIds[1]!, first.childIds[0]!]);
      expect(mixed.statusCode).toBe(400);
      // A session id that names nothing answers 404, without counting anything.
      expect((await a.call(other.token, 'GET', '/api/ClassSessionEnrollment/999999')).statusCode).toBe(404);
      expect((await a.call(other.token, 'GET', '/api/ClassSessionEnrollment/1%20or%201=1')).statusCode).toBe(
        404,
      );
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
      const provider = createTestCheckoutProvider(t.database.db, 'http://localhost');
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
