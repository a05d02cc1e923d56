/**
 * A parent withdraws a child in the portal with the session's refund policy (issue 13): the quote at the
 * policy's edges (the last full-refund day, the day after, the supply fee's own date, 0% and 100% after, the
 * center's date rather than UTC's), the sibling discount recomputed on a two-child payment, and the session
 * form's policy and discount fields through `POST`/`PUT /api/ClassSession`. The withdrawal itself (the refund,
 * the seat, the mails, races) is in family-withdraw-refunds.test.ts, who may withdraw what in
 * family-withdraw-access.test.ts, the shared set-up in support/withdrawal-app.ts. On PGlite, and on PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { classSessions } from '../src/db/schema.ts';
import { dbKinds } from './helpers.ts';
import { springSessionBody } from './support/registration.ts';
import { type Quote, withdrawalApp } from './support/withdrawal-app.ts';

describe.each(dbKinds)('a parent withdraws a child on %s', (kind) => {
  const withdrawals = withdrawalApp(kind);
  const {
    clock,
    key,
    db,
    enrolledFamily,
    quote,
    withdraw,
    quoteAndWithdraw,
    paymentRow,
    refundRows,
    enrollmentRow,
    mailsTo,
    providerRefunds,
  } = withdrawals;

  describe('the refund at the policy’s edges', () => {
    // Today is 2026-11-20. A session starting 14 days later makes today the last full-refund day.
    const edge = async (name: string, overrides: Partial<typeof classSessions.$inferInsert>) => {
      const id = await withdrawals.a.session({
        name,
        rosterSize: 5,
        registrationPrice: 50_000,
        supplyFee: 5_000,
        ...overrides,
      });
      const family = await enrolledFamily(name.split(' ')[0]!, id);
      const res = await quote(family.token, family.enrollmentIds[0]!);
      expect(res.statusCode).toBe(200);
      return { family, q: res.json() as Quote };
    };

    it('gives everything back on the last full-refund day', async () => {
      const { q } = await edge('Lastday Room', { sessionStartDate: '2026-12-04', refundFullDaysBefore: 14 });
      expect(q).toMatchObject({
        today: '2026-11-20',
        window: 'full',
        fullRefundUntil: '2026-11-20',
        registrationShare: 50_000,
        registrationRefund: 50_000,
        supplyFeeRefund: 5_000,
        policyTotal: 55_000,
        refundableOnPayment: 55_000,
        refund: 55_000,
        capped: false,
      });
      expect(q.policySentences[0]).toBe(
        'Withdraw by Friday, November 20, 2026 (14 days before the first day) and we refund everything you paid.',
      );
    });

    it('counts the center’s date, not UTC’s: 9 pm in California is still the last full-refund day', async () => {
      const { family } = await edge('Evening Room', {
        sessionStartDate: '2026-12-04',
        refundFullDaysBefore: 14,
      });
      clock.set('2026-11-21T05:00:00Z'); // already the 21st in UTC
      const q = (await quote(family.token, family.enrollmentIds[0]!)).json() as Quote;
      expect(q).toMatchObject({ today: '2026-11-20', window: 'full', refund: 55_000 });
    });

    it('gives the percentage of the registration the day after, and no supply fee', async () => {
      const { q } = await edge('Dayafter Room', { sessionStartDate: '2026-12-03', refundFullDaysBefore: 14 });
      expect(q).toMatchObject({
        window: 'partial',
        fullRefundUntil: '2026-11-19',
        registrationRefund: 25_000,
        supplyFeeRefund: 0,
        refund: 25_000,
      });
      expect(q.policySentences).toContain(
        'After that, we refund 50% of the registration until the last day.',
      );
    });

    it('gives the supply fee back up to its own date, inclusive, and not the day after it', async () => {
      const onDate = await edge('Supplyday Room', {
        sessionStartDate: '2026-12-03',
        supplyFeeRefundUntil: '2026-11-20',
      });
      expect(onDate.q).toMatchObject({ window: 'partial', supplyFeeRefund: 5_000, refund: 30_000 });
      const after = await edge('Supplypast Room', {
        sessionStartDate: '2026-12-03',
        supplyFeeRefundUntil: '2026-11-19',
      });
      expect(after.q).toMatchObject({ window: 'partial', supplyFeeRefund: 0, refund: 25_000 });
    });

    it('0% after the date: nothing back, the child is withdrawn with no refund and no refund row', async () => {
      const { family, q } = await edge('Nothing Room', {
        sessionStartDate: '2026-12-03',
        refundPercentAfter: 0,
      });
      expect(q).toMatchObject({ window: 'partial', registrationRefund: 0, supplyFeeRefund: 0, refund: 0 });
      expect(q.policySentences).toContain('After that, the registration is not refunded.');
      const res = await withdraw(family.token, family.enrollmentIds[0]!, 0);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ refund: 0, refundStatus: 'None' });
      expect(res.json().message).toMatch(/^Ava is withdrawn\. There is no refund/);
      expect(await refundRows(family.paymentId)).toEqual([]);
      expect((await enrollmentRow(family.enrollmentIds[0]!)).status).toBe('Withdrawn');
      expect((await mailsTo(family.email)).map((m) => m.text).join('\n')).toMatch(/there is no refund/);
    });

    it('100% after the date: the whole registration, but the supply fee only in the full period', async () => {
      const { q } = await edge('Whole Room', { sessionStartDate: '2026-12-03', refundPercentAfter: 100 });
      expect(q).toMatchObject({
        window: 'partial',
        registrationRefund: 50_000,
        supplyFeeRefund: 0,
        refund: 50_000,
      });
    });
  });

  describe('the sibling discount recomputed', () => {
    it('on a two-child payment the first withdrawal is worth the sibling price, the second the full price, together what was paid', async () => {
      const id = await withdrawals.a.session({
        name: 'Sibling Room',
        rosterSize: 4,
        registrationPrice: 30_000,
        supplyFee: 4_000,
        siblingDiscountType: 'Percent',
        siblingDiscountValue: 10,
        sessionStartDate: '2027-01-18',
      });
      const family = await enrolledFamily('Siblings', id, 2);
      const paid = await paymentRow(family.paymentId);
      expect(paid.finalAmount).toBe(65_000); // 30,000 + 27,000 + 2 × 4,000
      const first = await quoteAndWithdraw(family, family.enrollmentIds[1]!);
      expect(first.quote).toMatchObject({
        registrationShare: 27_000,
        supplyFeeRefund: 4_000,
        refund: 31_000,
      });
      expect(first.result).toMatchObject({ refund: 31_000, refundStatus: 'Succeeded' });
      const second = await quoteAndWithdraw(family, family.enrollmentIds[0]!);
      expect(second.quote).toMatchObject({
        registrationShare: 30_000,
        supplyFeeRefund: 4_000,
        refund: 34_000,
        refundableOnPayment: 34_000,
      });
      expect(first.quote.refund + second.quote.refund).toBe(paid.finalAmount);
      expect(await paymentRow(family.paymentId)).toMatchObject({
        refundedAmount: 65_000,
        status: 'Refunded',
      });
      expect((await providerRefunds(family.paymentId)).map((r) => r.amount).sort()).toEqual([31_000, 34_000]);
    });

    it('never refunds more than the payment still holds: what the office refunded before is taken off', async () => {
      const id = await withdrawals.a.session({
        name: 'Capped Room',
        rosterSize: 3,
        sessionStartDate: '2027-01-18',
      });
      const family = await enrolledFamily('Capped', id);
      const staffRefund = await withdrawals.a.call(
        withdrawals.admin,
        'POST',
        `/api/staff/payments/${family.paymentId}/refunds`,
        {
          amount: 20_000,
          reason: 'Missed a week',
          idempotencyKey: key(),
        },
      );
      expect(staffRefund.statusCode).toBe(201);
      const { quote: q, result } = await quoteAndWithdraw(family, family.enrollmentIds[0]!);
      expect(q).toMatchObject({
        policyTotal: 55_000,
        refundableOnPayment: 35_000,
        refund: 35_000,
        capped: true,
      });
      expect(result.refund).toBe(35_000);
      expect(await paymentRow(family.paymentId)).toMatchObject({
        refundedAmount: 55_000,
        status: 'Refunded',
      });
    });
  });

  describe('the session form’s refund policy and sibling discount', () => {
    const body = (overrides: object = {}) => ({ ...springSessionBody('Policy Room'), ...overrides });
    const fields = (s: Record<string, unknown>) => ({
      refundFullDaysBefore: s.refundFullDaysBefore,
      refundPercentAfter: s.refundPercentAfter,
      supplyFeeRefundUntil: s.supplyFeeRefundUntil,
      siblingDiscountType: s.siblingDiscountType,
      siblingDiscountValue: s.siblingDiscountValue,
      siblingDiscountAcrossProgram: s.siblingDiscountAcrossProgram,
    });

    it('stores, keeps on a save that sends them back, and changes the policy and discount', async () => {
      const policy = {
        refundFullDaysBefore: 21,
        refundPercentAfter: 75,
        supplyFeeRefundUntil: '2027-02-20',
        siblingDiscountType: 'Amount',
        siblingDiscountValue: 2_500,
        siblingDiscountAcrossProgram: true,
      };
      const created = await withdrawals.a.call(withdrawals.admin, 'POST', '/api/ClassSession', body(policy));
      expect(created.statusCode).toBe(201);
      const id = created.json().id as number;
      const read = async () =>
        fields((await withdrawals.a.call(null, 'GET', `/api/ClassSession/${id}`)).json());
      expect(await read()).toEqual(policy);
      // The form sends every field back: an edit of something else keeps the policy.
      expect(
        (
          await withdrawals.a.call(
            withdrawals.admin,
            'PUT',
            `/api/ClassSession/${id}`,
            body({ ...policy, rosterSize: 5 }),
          )
        ).statusCode,
      ).toBe(200);
      expect(await read()).toEqual(policy);
      const changed = {
        refundFullDaysBefore: 7,
        refundPercentAfter: 0,
        supplyFeeRefundUntil: null,
        siblingDiscountType: 'Percent',
        siblingDiscountValue: 15,
        siblingDiscountAcrossProgram: false,
      };
      expect(
        (await withdrawals.a.call(withdrawals.admin, 'PUT', `/api/ClassSession/${id}`, body(changed)))
          .statusCode,
      ).toBe(200);
      expect(await read()).toEqual(changed);
    });

    it('a wrong value is 400 by its field, and nothing is saved', async () => {
      const created = await withdrawals.a.call(withdrawals.admin, 'POST', '/api/ClassSession', body());
      const id = created.json().id as number;
      const cases: Array<[object, string, RegExp]> = [
        [{ refundFullDaysBefore: -1 }, 'refundFullDaysBefore', /0 or more days/],
        [{ refundFullDaysBefore: 2.5 }, 'refundFullDaysBefore', /whole number of days/],
        [{ refundPercentAfter: 101 }, 'refundPercentAfter', /percentage from 0 to 100/],
        [{ supplyFeeRefundUntil: 'next week' }, 'supplyFeeRefundUntil', /date like/],
        [{ siblingDiscountType: 'Percent', siblingDiscountValue: 0 }, 'siblingDiscountValue', /1 to 100/],
        [
          { siblingDiscountType: 'Amount', siblingDiscountValue: 40_000 },
          'siblingDiscountValue',
          /more than the registration/,
        ],
        [{ siblingDiscountType: 'Coupon', siblingDiscountValue: 5 }, 'siblingDiscountType', /./],
      ];
      for (const [change, field, message] of cases) {
        const res = await withdrawals.a.call(
          withdrawals.admin,
          'PUT',
          `/api/ClassSession/${id}`,
          body(change),
        );
        expect(res.statusCode, JSON.stringify(change)).toBe(400);
        expect(res.json().fields[field], JSON.stringify(change)).toMatch(message);
      }
      const [row] = await db().select().from(classSessions).where(eq(classSessions.id, id));
      expect(fields(row!)).toEqual({
        refundFullDaysBefore: 14,
        refundPercentAfter: 50,
        supplyFeeRefundUntil: null,
        siblingDiscountType: null,
        siblingDiscountValue: 0,
        siblingDiscountAcrossProgram: false,
      });
    });
  });
});
