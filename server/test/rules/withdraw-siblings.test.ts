/**
 * A sibling discount that ends with a withdrawn place (server/src/features/enrollment/withdraw-quote.ts;
 * issue 21, decision 019): a brother's or sister's discount this place earned is kept from its refund (never
 * below $0; the rest is not charged), named in the quote and in the refund's reason (two children of one
 * payment named together; two payments' discounts both kept and named one after the other), capped refunds
 * included; a payment that never got the sibling price (the discount was turned on later) keeps nothing.
 * Each test makes its own family and session. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classSections, classSessionEnrollments, classSessions, payments } from '../../src/db/schema.ts';
import { createTestApp, dbKinds, type TestApp } from '../helpers.ts';
import { type Family, movableClock } from '../support/registration.ts';
import { NOW, withdrawals } from './withdraw-support.ts';

describe.each(dbKinds)('a sibling discount that ends with a withdrawal, on %s', (kind) => {
  let t: TestApp;
  let w: ReturnType<typeof withdrawals>;
  const clock = movableClock(NOW);

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    w = withdrawals(t, clock);
  });
  afterAll(async () => {
    await t.close();
  });

  /** `studentIds` enrolled in `sessionId` and paid, a minute after the last payment; answers the payment. */
  const pay = async (f: Family, sessionId: number, studentIds: string[]) => {
    clock.advanceMinutes(1);
    return (await w.a.enrollPaid(f, sessionId, studentIds)).paymentId;
  };
  const placeOn = async (paymentId: string) =>
    (
      await w
        .db()
        .select()
        .from(classSessionEnrollments)
        .where(eq(classSessionEnrollments.paymentId, paymentId))
    )[0]!;
  const refunded = (paymentId: string, refundedAmount: number) =>
    w.db().update(payments).set({ refundedAmount }).where(eq(payments.id, paymentId));

  it('Ben and Cleo, paid together at the sibling price after Ava: her refund keeps one discount, never below $0', async () => {
    clock.set(NOW);
    const discount = { siblingDiscountType: 'Amount' as const, siblingDiscountValue: 5_000, rosterSize: 6 };
    const id = await w.a.session({ name: 'Sibling Room', sessionStartDate: '2027-01-18', ...discount });
    const family = await w.a.family('Sibling', 3);
    const avaPayment = await pay(family, id, [family.childIds[0]!]);
    await pay(family, id, [family.childIds[1]!, family.childIds[2]!]);
    const ava = await placeOn(avaPayment);
    expect((await w.quote(family.token, ava.id)).json()).toMatchObject({
      policyTotal: 55_000,
      siblingDiscounts: [{ firstNames: ['Ben', 'Cleo'], sessionName: 'Sibling Room', discount: 5_000 }],
      siblingDiscountKept: 5_000,
      refund: 50_000,
      capped: false,
    });
    // 3,000 left on Ava's payment: the give-back takes all of it, and the family is not charged the rest.
    await refunded(avaPayment, 52_000);
    expect((await w.quote(family.token, ava.id)).json()).toMatchObject({
      siblingDiscountKept: 3_000,
      refund: 0,
    });
    // 45,000 left: capped, then less the discount.
    await refunded(avaPayment, 10_000);
    expect((await w.withdraw(family.token, ava.id, 40_000)).statusCode).toBe(200);
    expect((await w.refundRows(avaPayment))[0]!.reason).toBe(
      'Withdrawn by the family (the full refund, up to Monday, January 4, 2027; part of the payment had already been refunded, so $450.00 was left to give back; less $50.00 of sibling discount (Ben and Cleo in Sibling Room) that ended with this place)',
    );
    const [audit] = await w.withdrawAudits(ava.id);
    expect(audit!.after).toMatchObject({
      refundAmount: 40_000,
      siblingDiscountKept: 5_000,
      siblingDiscounts: [{ firstNames: ['Ben', 'Cleo'], sessionName: 'Sibling Room', discount: 5_000 }],
    });
  });

  it('two discounts from two payments end with Ava’s place: both kept, each named with its session', async () => {
    clock.set(NOW);
    const [program] = await w.db().insert(classSections).values({ name: 'Sibling Program' }).returning();
    const inProgram = { classSectionId: program!.id, rosterSize: 6 };
    const roomA = await w.a.session({
      name: 'Sibling Room A',
      sessionStartDate: '2027-01-18',
      siblingDiscountType: 'Amount',
      siblingDiscountValue: 5_000,
      ...inProgram,
    });
    const roomB = await w.a.session({
      name: 'Sibling Room B',
      sessionStartDate: '2027-01-18',
      siblingDiscountType: 'Amount',
      siblingDiscountValue: 3_000,
      siblingDiscountAcrossProgram: true,
      ...inProgram,
    });
    const family = await w.a.family('Twodiscounts', 3);
    const [avaId, benId, cleoId] = family.childIds as [string, string, string];
    const avaPayment = await pay(family, roomA, [avaId]);
    // Cleo in B gets B's discount for Ava's place in A (across the program), before Ben has a place;
    // Ben in A then gets A's discount for Ava alone. Both end when Ava leaves.
    const cleoPayment = await pay(family, roomB, [cleoId]);
    const benPayment = await pay(family, roomA, [benId]);
    const ben = { firstNames: ['Ben'], sessionName: 'Sibling Room A', discount: 5_000 };
    const cleo = { firstNames: ['Cleo'], sessionName: 'Sibling Room B', discount: 3_000 };
    // In the order of the payments' ids, as the quote lists them.
    const inOrder = benPayment < cleoPayment ? [ben, cleo] : [cleo, ben];
    const ava = await placeOn(avaPayment);
    expect((await w.quote(family.token, ava.id)).json()).toMatchObject({
      policyTotal: 55_000,
      siblingDiscounts: inOrder,
      siblingDiscountKept: 8_000,
      refund: 47_000,
    });
    expect((await w.withdraw(family.token, ava.id, 47_000)).statusCode).toBe(200);
    const named = inOrder.map((d) => `${d.firstNames[0]} in ${d.sessionName}`).join('; ');
    expect((await w.refundRows(avaPayment))[0]!.reason).toBe(
      `Withdrawn by the family (the full refund, up to Monday, January 4, 2027; less $80.00 of sibling discount (${named}) that ended with this place)`,
    );
  });

  it('a brother who paid full price (the discount was turned on later) keeps nothing from the refund', async () => {
    clock.set(NOW);
    const id = await w.a.session({ name: 'Later Room', sessionStartDate: '2027-01-18', rosterSize: 6 });
    const family = await w.a.family('Latediscount', 2);
    const avaPayment = await pay(family, id, [family.childIds[0]!]);
    await pay(family, id, [family.childIds[1]!]);
    await w
      .db()
      .update(classSessions)
      .set({ siblingDiscountType: 'Amount', siblingDiscountValue: 5_000 })
      .where(eq(classSessions.id, id));
    expect((await w.quote(family.token, (await placeOn(avaPayment)).id)).json()).toMatchObject({
      siblingDiscounts: [],
      siblingDiscountKept: 0,
      refund: 55_000,
    });
  });
});
