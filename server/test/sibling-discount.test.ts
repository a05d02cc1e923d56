/**
 * The sibling discount through the API (issue 13; decision 014; contract `family-money.ts`): what a family of
 * two or three is charged in cents (percent and amount, rounding), a brother or sister already enrolled or
 * holding a seat, the program-wide discount on and off, the payment's amounts and lines, the test checkout
 * charging exactly the total, Billing and the receipt email. A discount down to nothing, families kept apart
 * and the lines the providers (and Stripe) are sent are in sibling-discount-checkout.test.ts, the shared set-up
 * in support/sibling-discount-app.ts. On PGlite and on the PostgreSQL server.
 */
import { describe, expect, it } from 'vitest';
import { classSections, classSessionEnrollments } from '../src/db/schema.ts';
import { dbKinds } from './helpers.ts';
import { springSessionBody } from './support/registration.ts';
import { amounts, type PaymentJson, siblingDiscountApp } from './support/sibling-discount-app.ts';

describe.each(dbKinds)('sibling discount on %s', (kind) => {
  const pricing = siblingDiscountApp(kind);
  const { clock, checkoutTotal, enrollNew, enrollAndPay, standing } = pricing;

  describe('two or three children enrolling together', () => {
    it('takes 10% off the second child as its own line, charges exactly that, and Billing and the receipt show it', async () => {
      // Set by the director through the staff API, as the session form does.
      const director = await pricing.a.staff('Admin');
      const created = await pricing.a.call(director, 'POST', '/api/ClassSession', {
        ...springSessionBody('Garden Explorers'),
        siblingDiscountType: 'Percent',
        siblingDiscountValue: 10,
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().id as number;
      const parent = await pricing.a.family('Moreno', 2);

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
      const page = await pricing.t.app.inject({ method: 'GET', url: new URL(payment.checkoutUrl!).pathname });
      expect(page.body).toContain('Sibling discount (10% off a brother or sister)');
      expect(page.body).toContain('-$30.00');
      expect(page.body).toMatch(/<th scope="row">Total<\/th><td class="num">\$620\.00<\/td>/);
      // The test checkout and its receipt say plainly that no money moves (issue 21 item 9).
      expect(page.body).toContain('no card is charged and no money moves');

      expect((await pricing.a.press(payment.checkoutId, 'pay')).statusCode).toBe(303);
      const billing = await pricing.a.call(parent.token, 'GET', '/api/Billing');
      const [paid] = billing.json() as PaymentJson[];
      expect(paid).toMatchObject({ status: 'Paid', originalAmount: 65_000, finalAmount: 62_000 });
      expect(amounts(paid!)).toEqual([60_000, 5_000, -3_000]);
      const receipt = await pricing.t.app.inject({
        method: 'GET',
        url: `/test-checkout/${payment.checkoutId}/receipt`,
      });
      expect(receipt.body).toContain('Sibling discount (10% off a brother or sister)');
      expect(receipt.body).toContain('$620.00');
      expect(receipt.body).toContain('no card was charged and no money moved');

      await pricing.t.flush();
      const [mail] = (await pricing.t.mails()).filter(
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
      const id = await pricing.a.session({
        rosterSize: 5,
        siblingDiscountType: 'Amount',
        siblingDiscountValue: 7_500,
      });
      const parent = await pricing.a.family('Lindqvist', 3);
      const payment = await enrollNew(parent, id, parent.childIds);
      // 3 × $500 + 3 × $50 − 2 × $75.
      expect(amounts(payment)).toEqual([150_000, 15_000, -15_000]);
      expect(payment.lineItems[2]!.description).toBe('Sibling discount ($75.00 off each brother or sister)');
      expect(payment).toMatchObject({ originalAmount: 165_000, finalAmount: 150_000 });
      expect(await checkoutTotal(payment.checkoutId)).toBe(150_000);
    });

    it('takes a percentage off two of three children, rounded down to the cent', async () => {
      const id = await pricing.a.session({
        rosterSize: 5,
        registrationPrice: 33_333,
        supplyFee: 0,
        siblingDiscountType: 'Percent',
        siblingDiscountValue: 15,
      });
      const parent = await pricing.a.family('Achebe', 3);
      const payment = await enrollNew(parent, id, parent.childIds);
      // 15% of $333.33 is $49.9995: $49.99 off each of two children.
      expect(payment.lineItems[1]).toMatchObject({ unitAmount: -4_999, quantity: 2, amount: -9_998 });
      expect(payment).toMatchObject({ originalAmount: 99_999, finalAmount: 90_001 });
      expect(await checkoutTotal(payment.checkoutId)).toBe(90_001);
    });

    it('gives no discount to one child alone, nor without a discount', async () => {
      const discounted = await pricing.a.session({
        siblingDiscountType: 'Percent',
        siblingDiscountValue: 10,
      });
      const only = await pricing.a.family('Solo', 1);
      const alone = await enrollNew(only, discounted, only.childIds);
      expect(amounts(alone)).toEqual([50_000, 5_000]);
      expect(alone).toMatchObject({ originalAmount: 55_000, finalAmount: 55_000 });

      const plain = await pricing.a.session();
      const pair = await pricing.a.family('Plain', 2);
      const both = await enrollNew(pair, plain, pair.childIds);
      expect(amounts(both)).toEqual([100_000, 10_000]);
      expect(both).toMatchObject({ originalAmount: 110_000, finalAmount: 110_000 });
    });
  });

  describe('a brother or sister who already has a place', () => {
    it('discounts a child enrolling alone after a sibling was enrolled, and says so on the enroll page', async () => {
      const id = await pricing.a.session({ siblingDiscountType: 'Percent', siblingDiscountValue: 10 });
      const parent = await pricing.a.family('Nguyen', 2);
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
      const id = await pricing.a.session({ siblingDiscountType: 'Amount', siblingDiscountValue: 10_000 });
      const parent = await pricing.a.family('Haddad', 2);
      const [first, second] = parent.childIds as [string, string];
      await enrollNew(parent, id, [first]);
      expect(await standing(parent, id)).toEqual({ [first]: true, [second]: false });

      clock.advanceMinutes(31);
      expect(await standing(parent, id)).toEqual({ [first]: false, [second]: false });
      const alone = await enrollNew(parent, id, [second]);
      expect(amounts(alone)).toEqual([50_000, 5_000]);
    });

    it('counts other sessions of the program only when the discount reaches across it, and only those not ended', async () => {
      const [program] = await pricing.t.database.db
        .insert(classSections)
        .values({ name: 'Morning Program' })
        .returning({ id: classSections.id });
      const programId = program!.id;
      const discount = {
        rosterSize: 10,
        siblingDiscountType: 'Percent' as const,
        siblingDiscountValue: 20,
      };
      const autumn = await pricing.a.session({ rosterSize: 10, classSectionId: programId });
      const sameOnly = await pricing.a.session({ ...discount, classSectionId: programId });
      const across = await pricing.a.session({
        ...discount,
        classSectionId: programId,
        siblingDiscountAcrossProgram: true,
      });
      const otherProgram = await pricing.a.session({ ...discount, siblingDiscountAcrossProgram: true });

      const parent = await pricing.a.family('Park', 3);
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
      const pair = await pricing.a.family('Pair', 2);
      await enrollAndPay(pair, autumn, [pair.childIds[0]!]);
      const together = await enrollNew(pair, across, pair.childIds);
      expect(amounts(together)).toEqual([100_000, 10_000, -10_000]);
      const single = await pricing.a.family('Single', 1);
      await enrollAndPay(single, autumn, single.childIds);
      expect(amounts(await enrollNew(single, across, single.childIds))).toEqual([50_000, 5_000]);

      // A session of the program that has ended does not count.
      const ended = await pricing.a.session({
        classSectionId: programId,
        sessionStartDate: '2026-01-05',
        sessionEndDate: '2026-05-29',
      });
      const lateProgram = await pricing.a.session({
        ...discount,
        classSectionId: programId,
        siblingDiscountAcrossProgram: true,
      });
      const alumni = await pricing.a.family('Alumni', 2);
      await pricing.t.database.db
        .insert(classSessionEnrollments)
        .values({ classSessionId: ended, studentId: alumni.childIds[0]!, status: 'Enrolled' });
      expect((await standing(alumni, lateProgram))[alumni.childIds[0]!]).toBe(false);
      expect(amounts(await enrollNew(alumni, lateProgram, [alumni.childIds[1]!]))).toEqual([50_000, 5_000]);
    });
  });
});
