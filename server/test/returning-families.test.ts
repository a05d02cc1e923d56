/**
 * Priority registration and the sibling discount cannot be had for free (issue 21 item 4; decision 019): a
 * family is returning only for a place in a session that has started and was not withdrawn before its first
 * day, and a brother's or sister's sibling discount that a withdrawn place earned is given back from that
 * place's refund, as the withdrawal quote says before confirming. On PGlite and on the PostgreSQL server.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditEvents,
  classSections,
  classSessionEnrollments,
  classSessions,
  payments,
  refunds,
} from '../src/db/schema.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type Family, type MovableClock, movableClock } from './support/registration.ts';

/** 10:00 am on Friday, November 20, 2026 in the center's time zone (America/Los_Angeles). */
const NOW = '2026-11-20T18:00:00Z';

type Quote = {
  refund: number;
  policyTotal: number;
  siblingDiscountKept: number;
  siblingDiscounts: Array<{ firstNames: string[]; sessionName: string; discount: number }>;
};

describe.each(dbKinds)('returning families and sibling discounts on %s', (kind) => {
  let t: TestApp;
  let clock: MovableClock;
  let a: ReturnType<typeof api>;
  let keySeq = 0;

  beforeAll(async () => {
    clock = movableClock(NOW);
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
  });
  afterAll(async () => t?.close());
  beforeEach(() => clock.set(NOW));

  const db = () => t.database.db;
  const discount = {
    siblingDiscountType: 'Percent' as const,
    siblingDiscountValue: 10,
    siblingDiscountAcrossProgram: true,
  };

  /** A program with Winter (general registration open now, starts January 11) and Spring (priority now). */
  const program = async (name: string) => {
    const [section] = await db()
      .insert(classSections)
      .values({ name: `${name} Program` })
      .returning({ id: classSections.id });
    const winter = await a.session({
      ...discount,
      name: `${name} Winter`,
      classSectionId: section!.id,
      rosterSize: 10,
      sessionStartDate: '2027-01-11',
      sessionEndDate: '2027-03-19',
    });
    const spring = await a.session({
      ...discount,
      name: `${name} Spring`,
      classSectionId: section!.id,
      rosterSize: 10,
      sessionStartDate: '2027-04-05',
      sessionEndDate: '2027-06-11',
      priorityRegistrationStartDate: new Date('2026-11-19T17:00:00Z'),
      priorityRegistrationEndDate: new Date('2026-11-26T17:00:00Z'),
      registrationStartDate: new Date('2026-11-27T17:00:00Z'),
      registrationEndDate: new Date('2027-03-20T17:00:00Z'),
    });
    return { winter, spring };
  };

  /** Enroll `studentIds` in `sessionId`, pay in the test checkout; answers the payment. */
  const enrollAndPay = async (family: Family, sessionId: number, studentIds: string[]) => {
    clock.advanceMinutes(1);
    const res = await a.enroll(family, sessionId, studentIds);
    expect(res.statusCode, res.body).toBe(201);
    expect((await a.press(res.json().checkoutId, 'pay')).statusCode).toBe(303);
    return res.json() as { id: string; lineItems: Array<{ amount: number }> };
  };

  const enrollmentOf = async (studentId: string, sessionId: number) =>
    (
      await db()
        .select()
        .from(classSessionEnrollments)
        .where(eq(classSessionEnrollments.studentId, studentId))
    ).find((e) => e.classSessionId === sessionId)!;

  const quote = async (family: Family, enrollmentId: string) => {
    const res = await a.call(family.token, 'GET', `/api/ClassSessionEnrollment/${enrollmentId}/Withdrawal`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Quote;
  };

  /** A family with a child enrolled (not withdrawn) in last autumn's session, which started in September. */
  const alumniFamily = async (name: string, children: number) => {
    const family = await a.family(name, children);
    const autumn = await a.session({
      name: `${name} Autumn`,
      sessionStartDate: '2026-09-07',
      sessionEndDate: '2026-11-13',
    });
    await db()
      .insert(classSessionEnrollments)
      .values({ classSessionId: autumn, studentId: family.childIds.at(-1)!, status: 'Enrolled' });
    return family;
  };

  describe('who is returning for priority registration', () => {
    it('a paid place in a session that has not started is not returning; it is once the session has started', async () => {
      const { winter, spring } = await program('Fresh');
      const newcomer = await a.family('Newcomer', 2);
      const [winterChild, springChild] = newcomer.childIds as [string, string];
      await enrollAndPay(newcomer, winter, [winterChild]);

      // Winter is paid but starts on January 11: Spring's priority window stays closed to this family.
      const refused = await a.enroll(newcomer, spring, [springChild]);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain('Priority registration for returning families is open now');
      const standing = await a.call(newcomer.token, 'GET', `/api/ClassSessionEnrollment/${spring}`);
      expect(standing.json().find((c: { id: string }) => c.id === springChild)).toMatchObject({
        canEnroll: false,
      });

      // Once Winter has started, the family is returning for a later session's priority window.
      clock.set('2027-01-12T18:00:00Z');
      await a.signIn(newcomer);
      const summer = await a.session({
        name: 'Fresh Summer',
        rosterSize: 10,
        sessionStartDate: '2027-06-21',
        sessionEndDate: '2027-08-13',
        priorityRegistrationStartDate: new Date('2027-01-10T17:00:00Z'),
        priorityRegistrationEndDate: new Date('2027-01-20T17:00:00Z'),
        registrationStartDate: new Date('2027-01-21T17:00:00Z'),
        registrationEndDate: new Date('2027-06-01T17:00:00Z'),
      });
      expect((await a.enroll(newcomer, summer, [springChild])).statusCode).toBe(201);
    });

    it('a place withdrawn before its first day does not make the family returning; one withdrawn after it does', async () => {
      const { winter } = await program('Gone');
      const summerWindows = {
        rosterSize: 10,
        sessionStartDate: '2027-06-21',
        sessionEndDate: '2027-08-13',
        priorityRegistrationStartDate: new Date('2027-01-10T17:00:00Z'),
        priorityRegistrationEndDate: new Date('2027-03-20T17:00:00Z'),
        registrationStartDate: new Date('2027-03-21T17:00:00Z'),
        registrationEndDate: new Date('2027-06-01T17:00:00Z'),
      };
      const early = await a.family('Early', 2);
      const late = await a.family('Late', 2);
      await enrollAndPay(early, winter, [early.childIds[0]!]);
      await enrollAndPay(late, winter, [late.childIds[0]!]);
      const withdrawn = async (family: Family) => {
        await a.signIn(family);
        const place = await enrollmentOf(family.childIds[0]!, winter);
        const q = await quote(family, place.id);
        const res = await a.call(family.token, 'POST', `/api/ClassSessionEnrollment/${place.id}/Withdraw`, {
          expectedRefund: q.refund,
          idempotencyKey: `returning-${kind}-${++keySeq}`,
        });
        expect(res.statusCode, res.body).toBe(200);
      };
      clock.set('2026-12-01T18:00:00Z');
      await withdrawn(early);
      clock.set('2027-01-14T18:00:00Z'); // Winter started on the 11th
      await withdrawn(late);

      clock.set('2027-02-01T18:00:00Z');
      const summer = await a.session({ ...summerWindows, name: 'Gone Summer' });
      await a.signIn(early);
      await a.signIn(late);
      const refused = await a.enroll(early, summer, [early.childIds[1]!]);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain('Priority registration for returning families is open now');
      expect((await a.enroll(late, summer, [late.childIds[1]!])).statusCode).toBe(201);
    });
  });

  describe('a sibling discount ends with the place that earned it', () => {
    it('the abuse path: Winter for one child, Spring with the discount, Winter withdrawn — the refund gives the discount back', async () => {
      const { winter, spring } = await program('Abuse');
      // Returning through last autumn (Cleo); that session has ended, so it earns no sibling discount.
      const family = await alumniFamily('Abuse', 3);
      const [ava, ben] = family.childIds as [string, string, string];
      const winterPayment = await enrollAndPay(family, winter, [ava]);
      expect(winterPayment.lineItems.map((l) => l.amount)).toEqual([50_000, 5_000]);
      // Spring in its priority window, 10% off because Ava holds a Winter place of the program.
      const springPayment = await enrollAndPay(family, spring, [ben]);
      expect(springPayment.lineItems.map((l) => l.amount)).toEqual([50_000, 5_000, -5_000]);

      // Before Winter starts, in the full-refund period: the quote says the discount is given back.
      clock.set('2026-12-01T18:00:00Z');
      await a.signIn(family);
      const place = await enrollmentOf(ava, winter);
      const q = await quote(family, place.id);
      expect(q).toMatchObject({
        policyTotal: 55_000,
        siblingDiscountKept: 5_000,
        refund: 50_000,
        siblingDiscounts: [{ firstNames: ['Ben'], sessionName: 'Abuse Spring', discount: 5_000 }],
      });
      // The director's withdraw dialog starts from the same quote, give-back included.
      const office = await a.call(await a.staff(), 'POST', `/api/staff/sessions/${winter}/withdraw/preview`, {
        studentId: ava,
      });
      expect(office.statusCode, office.body).toBe(200);
      expect(office.json().quote).toMatchObject({
        refund: 50_000,
        siblingDiscountKept: 5_000,
        siblingDiscounts: [{ firstNames: ['Ben'], sessionName: 'Abuse Spring', discount: 5_000 }],
      });
      const res = await a.call(family.token, 'POST', `/api/ClassSessionEnrollment/${place.id}/Withdraw`, {
        expectedRefund: q.refund,
        idempotencyKey: `abuse-${kind}-${++keySeq}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ refund: 50_000 });
      // Exactly the policy's refund less the discount's cents, and Ben's Spring place stands as paid.
      const made = await db().select().from(refunds).where(eq(refunds.paymentId, winterPayment.id));
      expect(made.map((r) => r.amount)).toEqual([50_000]);
      const [spent] = await db().select().from(payments).where(eq(payments.id, springPayment.id));
      expect(spent).toMatchObject({ status: 'Paid', finalAmount: 50_000, refundedAmount: 0 });
      expect((await enrollmentOf(ben, spring)).status).toBe('Enrolled');
      const [audit] = await db().select().from(auditEvents).where(eq(auditEvents.entityId, place.id));
      expect(audit!.after).toMatchObject({ refundAmount: 50_000, siblingDiscountKept: 5_000 });
    });

    it('keeps the refund whole while another brother’s or sister’s place that earned the discount remains', async () => {
      const { winter, spring } = await program('Stays');
      const family = await alumniFamily('Stays', 3);
      const [ava, ben, cleo] = family.childIds as [string, string, string];
      // Ava and Cleo in Winter together (Cleo at the sibling price), then Ben in Spring at the sibling price.
      await enrollAndPay(family, winter, [ava, cleo]);
      await enrollAndPay(family, spring, [ben]);
      const q = await quote(family, (await enrollmentOf(ava, winter)).id);
      // Cleo still holds a Winter place, so Ben's discount stands; Ava's share is the recomputed one.
      expect(q).toMatchObject({ siblingDiscountKept: 0, siblingDiscounts: [], refund: 50_000 });
    });

    it('two places that both earned a discount, withdrawn at the same instant: it is given back exactly once', async () => {
      // Ava (Winter) and Cleo (Summer, a session of the program without a sibling discount) each earn Ben's
      // Spring discount alone: whichever of them is withdrawn second gives its $50.00 back. Withdrawn at once
      // in two transactions, each quote must see what the other left (the family lock), or both would count the
      // other's place and the discount would never come back. Several fresh families, so the race gets its chances.
      for (let round = 1; round <= 4; round++) {
        clock.set(NOW);
        const { winter, spring } = await program(`Race ${round}`);
        const [winterRow] = await db().select().from(classSessions).where(eq(classSessions.id, winter));
        const summer = await a.session({
          name: `Race ${round} Summer`,
          classSectionId: winterRow!.classSectionId,
          siblingDiscountType: null,
          rosterSize: 10,
          registrationPrice: 30_000,
          supplyFee: 3_000,
          sessionStartDate: '2027-06-21',
          sessionEndDate: '2027-08-13',
        });
        const family = await alumniFamily(`Race${round}`, 3);
        const [ava, ben, cleo] = family.childIds as [string, string, string];
        const avaPayment = await enrollAndPay(family, winter, [ava]);
        const cleoPayment = await enrollAndPay(family, summer, [cleo]);
        expect(avaPayment.lineItems.map((l) => l.amount)).toEqual([50_000, 5_000]);
        expect(cleoPayment.lineItems.map((l) => l.amount)).toEqual([30_000, 3_000]);
        const benPayment = await enrollAndPay(family, spring, [ben]);
        expect(benPayment.lineItems.map((l) => l.amount)).toEqual([50_000, 5_000, -5_000]);

        clock.set('2026-12-01T18:00:00Z'); // both in their full-refund periods
        await a.signIn(family);
        const places = [await enrollmentOf(ava, winter), await enrollmentOf(cleo, summer)];
        const shown = [await quote(family, places[0]!.id), await quote(family, places[1]!.id)];
        // Each alone keeps the refund whole: the other's place still earns Ben's discount.
        expect(shown.map((q) => [q.refund, q.siblingDiscountKept])).toEqual([
          [55_000, 0],
          [33_000, 0],
        ]);
        const withdraw = (i: number, expectedRefund: number) =>
          a.call(family.token, 'POST', `/api/ClassSessionEnrollment/${places[i]!.id}/Withdraw`, {
            expectedRefund,
            idempotencyKey: `race-${kind}-${++keySeq}`,
          });
        const answers = await Promise.all([withdraw(0, shown[0]!.refund), withdraw(1, shown[1]!.refund)]);

        // One after the other: the first withdrawal refunds what it showed; the second one's refund is now
        // $50.00 less (Ben's discount ends with it), so it is refused unchanged, as the rule for a changed amount says.
        expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join(' | ')).toEqual([
          200, 409,
        ]);
        const second = answers.findIndex((r) => r.statusCode === 409);
        expect(answers[second]!.json().message).toContain('Nothing has changed');
        expect(answers[1 - second]!.json()).toMatchObject({ refund: shown[1 - second]!.refund });
        // The parent confirms the new amount, which says why.
        const again = await quote(family, places[second]!.id);
        expect(again).toMatchObject({
          refund: shown[second]!.refund - 5_000,
          siblingDiscountKept: 5_000,
          siblingDiscounts: [{ firstNames: ['Ben'], sessionName: `Race ${round} Spring`, discount: 5_000 }],
        });
        const confirmed = await withdraw(second, again.refund);
        expect(confirmed.statusCode, confirmed.body).toBe(200);

        // Exactly what either serial order gives: $550.00 + $330.00 less Ben's $50.00, given back once.
        const made = [
          ...(await db().select().from(refunds).where(eq(refunds.paymentId, avaPayment.id))),
          ...(await db().select().from(refunds).where(eq(refunds.paymentId, cleoPayment.id))),
        ];
        expect(made.reduce((sum, r) => sum + r.amount, 0)).toBe(55_000 + 33_000 - 5_000);
        const audits = await Promise.all(
          places.map(async (p) => {
            const rows = await db().select().from(auditEvents).where(eq(auditEvents.entityId, p.id));
            return rows.map((r) => r.after as { siblingDiscountKept?: number });
          }),
        );
        expect(audits.flat().reduce((sum, after) => sum + (after.siblingDiscountKept ?? 0), 0)).toBe(5_000);
        expect((await enrollmentOf(ben, spring)).status).toBe('Enrolled');
      }
    });

    it('never takes more than the refund: the rest of the discount is not charged', async () => {
      const { winter, spring } = await program('Late');
      // After Winter's full-refund period 5% of the registration comes back: $25.00, less than the $50.00 off.
      await db().update(classSessions).set({ refundPercentAfter: 5 }).where(eq(classSessions.id, winter));
      const family = await alumniFamily('Latecomer', 3);
      const [ava, ben] = family.childIds as [string, string, string];
      await enrollAndPay(family, winter, [ava]);
      await enrollAndPay(family, spring, [ben]);
      clock.set('2027-01-20T18:00:00Z');
      await a.signIn(family);
      const q = await quote(family, (await enrollmentOf(ava, winter)).id);
      expect(q).toMatchObject({
        policyTotal: 2_500,
        siblingDiscountKept: 2_500,
        refund: 0,
        siblingDiscounts: [{ firstNames: ['Ben'], sessionName: 'Late Spring', discount: 5_000 }],
      });
    });
  });
});
