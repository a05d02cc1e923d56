/**
 * Payment plans' pure rules (issue 23, `payment-plan.ts`): instalments exact to the cent with the remainder
 * on the last, a child's schedule with the sibling discount off the instalments, a checkout's plan for several
 * children, the session form's refusals, and what a place owes on each date (payments from the earliest,
 * credits from the latest). The API flows are in server/test/payment-plans.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  childPlan,
  familyPlanSchedule,
  instalmentAmounts,
  paymentPlanError,
  placeDues,
  planForCheckout,
  planOf,
  planOpen,
  planScheduleOf,
} from './payment-plan.ts';

const term = { deposit: 35_000, fee: 2_500, dueDates: ['2026-12-01', '2027-01-01', '2027-02-01'] };

describe('instalment amounts', () => {
  it('puts the remainder cents on the last instalment', () => {
    expect(instalmentAmounts(150_001, 3)).toEqual([50_000, 50_000, 50_001]);
    expect(instalmentAmounts(150_002, 3)).toEqual([50_000, 50_000, 50_002]);
    expect(instalmentAmounts(150_000, 3)).toEqual([50_000, 50_000, 50_000]);
    expect(instalmentAmounts(2, 3)).toEqual([0, 0, 2]);
    expect(instalmentAmounts(0, 1)).toEqual([0]);
  });

  it('always adds up to the whole, every instalment but the last equal, the last at most n − 1 cents more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 12 }), (total, n) => {
        const parts = instalmentAmounts(total, n);
        expect(parts).toHaveLength(n);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        for (const p of parts.slice(0, -1)) expect(p).toBe(parts[0]);
        expect(parts.at(-1)! - parts[0]!).toBeGreaterThanOrEqual(0);
        expect(parts.at(-1)! - parts[0]!).toBeLessThan(n);
      }),
    );
  });

  it('refuses a negative or fractional total and fewer than one instalment', () => {
    expect(() => instalmentAmounts(-1, 2)).toThrow(RangeError);
    expect(() => instalmentAmounts(10.5, 2)).toThrow(RangeError);
    expect(() => instalmentAmounts(100, 0)).toThrow(RangeError);
    expect(() => instalmentAmounts(100, 1.5)).toThrow(RangeError);
    // The error says what could not be divided (a programming error, but its log must say which).
    expect(() => instalmentAmounts(-1, 2)).toThrow('cannot divide -1 cents');
    expect(() => instalmentAmounts(100, 0)).toThrow('cannot divide into 0 instalments');
  });
});

describe("a child's plan", () => {
  it('is the deposit and fee today and the rest in instalments: a $1,850 term as $350 now and three $500', () => {
    expect(childPlan(term, 185_000, 0)).toEqual({
      price: 185_000,
      deposit: 35_000,
      fee: 2_500,
      today: 37_500,
      instalments: [
        { dueOn: '2026-12-01', amount: 50_000, discount: 0 },
        { dueOn: '2027-01-01', amount: 50_000, discount: 0 },
        { dueOn: '2027-02-01', amount: 50_000, discount: 0 },
      ],
    });
  });

  it('takes the sibling discount off the instalments, not the deposit', () => {
    const plan = childPlan(term, 185_000, 18_500);
    expect(plan.deposit).toBe(35_000);
    expect(plan.instalments.map((i) => i.amount)).toEqual([43_833, 43_833, 43_834]);
    expect(plan.instalments.map((i) => i.discount)).toEqual([6_166, 6_166, 6_168]);
  });

  it('cuts a deposit larger than the price to the price, leaving nothing for the instalments', () => {
    const plan = childPlan({ ...term, deposit: 50_000 }, 40_000, 5_000);
    expect(plan).toMatchObject({ price: 35_000, deposit: 35_000, today: 37_500 });
    expect(plan.instalments.every((i) => i.amount === 0 && i.discount === 0)).toBe(true);
  });

  it('refuses a discount larger than the price', () => {
    expect(() => childPlan(term, 10_000, 10_001)).toThrow('a discount of 10001 exceeds the price 10000');
  });

  it('for any price, discount and plan: today plus the instalments is the price and the fee, to the cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 12 }),
        (gross, percent, deposit, fee, n) => {
          const discount = Math.floor((gross * percent) / 100);
          const dueDates = Array.from({ length: n }, (_, i) => `2027-${String(i + 1).padStart(2, '0')}-01`);
          const plan = childPlan({ deposit, fee, dueDates }, gross, discount);
          const instalments = plan.instalments.reduce((s, i) => s + i.amount, 0);
          expect(plan.today + instalments).toBe(gross - discount + fee);
          // Each instalment's charge (amount + its discount) adds up to the gross less the deposit.
          const charged = plan.instalments.reduce((s, i) => s + i.amount + i.discount, 0);
          if (instalments > 0) expect(charged + plan.deposit).toBe(gross);
          expect(plan.deposit).toBeLessThanOrEqual(deposit);
          for (const i of plan.instalments) expect(i.amount).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe("a checkout's plan", () => {
  it('divides the discount between the children in id order and adds up to the checkout', () => {
    const { stored, today } = planForCheckout(term, ['b-child', 'a-child'], 100_001, 10_001);
    expect(stored.children).toEqual([
      { studentId: 'a-child', gross: 100_001, discount: 5_001 },
      { studentId: 'b-child', gross: 100_001, discount: 5_000 },
    ]);
    expect(today).toBe(2 * 37_500);
    const schedule = planScheduleOf(stored);
    expect(schedule.total).toBe(2 * 100_001 - 10_001 + 2 * 2_500);
    expect(schedule.instalments.map((i) => i.dueOn)).toEqual(term.dueDates);
  });

  it("lists the dates in order whatever the children's order", () => {
    const later = { ...term, dueDates: ['2027-02-01'] };
    const earlier = { ...term, dueDates: ['2027-01-01'] };
    expect(
      familyPlanSchedule([childPlan(later, 45_000, 0), childPlan(earlier, 45_000, 0)]).instalments,
    ).toEqual([
      { dueOn: '2027-01-01', amount: 10_000 },
      { dueOn: '2027-02-01', amount: 10_000 },
    ]);
  });

  it("sums the children's instalments by date", () => {
    expect(
      familyPlanSchedule([childPlan(term, 185_000, 0), childPlan(term, 185_000, 18_500)]).instalments,
    ).toEqual([
      { dueOn: '2026-12-01', amount: 93_833 },
      { dueOn: '2027-01-01', amount: 93_833 },
      { dueOn: '2027-02-01', amount: 93_834 },
    ]);
  });
});

describe('the session form and the catalog', () => {
  const base = { planDeposit: 20_000, sessionEndDate: '2027-03-19' };
  it('needs dates in order, real, by the last day; no deposit means no plan at all', () => {
    expect(paymentPlanError({ ...base, planDeposit: null, planDueDates: [] })).toBeNull();
    expect(paymentPlanError({ ...base, planDueDates: [] })?.message).toBe('fields.billing.planNeedsDates');
    expect(paymentPlanError({ ...base, planDueDates: ['2027-02-01', '2027-01-01'] })?.message).toBe(
      'fields.billing.planDatesAscending',
    );
    expect(paymentPlanError({ ...base, planDueDates: ['2027-01-01', '2027-01-01'] })?.message).toBe(
      'fields.billing.planDatesAscending',
    );
    expect(paymentPlanError({ ...base, planDueDates: ['2027-02-30'] })?.message).toBe(
      'fields.billing.planDatesAscending',
    );
    expect(paymentPlanError({ ...base, planDueDates: ['2027-03-20'] })?.message).toBe(
      'fields.billing.planDatesInSession',
    );
    expect(paymentPlanError({ ...base, planDueDates: ['2027-01-01', '2027-03-19'] })).toBeNull();
  });

  it('names the dates field, and refuses a list with one bad date among good ones', () => {
    expect(paymentPlanError({ ...base, planDueDates: [] })).toEqual({
      path: 'planDueDates',
      message: 'fields.billing.planNeedsDates',
    });
    expect(paymentPlanError({ ...base, planDueDates: ['2027-01-01', '2027-02-30'] })).toEqual({
      path: 'planDueDates',
      message: 'fields.billing.planDatesAscending',
    });
    expect(paymentPlanError({ ...base, planDueDates: ['2027-01-01', '2027-03-20'] })).toEqual({
      path: 'planDueDates',
      message: 'fields.billing.planDatesInSession',
    });
  });

  it('offers a plan until its first date, and none without a deposit or dates', () => {
    const plan = planOf({ planDeposit: 35_000, planFee: 0, planDueDates: term.dueDates });
    expect(planOpen(plan, '2026-11-30')).toBe(true);
    expect(planOpen(plan, '2026-12-01')).toBe(false);
    expect(planOf({ planDeposit: null, planFee: 0, planDueDates: term.dueDates })).toBeNull();
    expect(planOf({ planDeposit: 35_000, planFee: 0, planDueDates: [] })).toBeNull();
    expect(planOpen(null, '2026-11-30')).toBe(false);
    expect(planOpen({ deposit: 35_000, fee: 0, dueDates: [] }, '2026-11-30')).toBe(false);
  });

  it('carries the late fee policy when the session has one, a week after the date unless it says otherwise', () => {
    const row = { planDeposit: 35_000, planFee: 0, planDueDates: term.dueDates };
    expect(planOf({ ...row, planLateFee: 1_500, planLateFeeDays: 10 })).toEqual({
      deposit: 35_000,
      fee: 0,
      dueDates: term.dueDates,
      lateFee: 1_500,
      lateFeeDays: 10,
    });
    expect(planOf({ ...row, planLateFee: 1_500 })).toMatchObject({ lateFee: 1_500, lateFeeDays: 7 });
    expect(planOf({ ...row, planLateFee: 0, planLateFeeDays: 10 })).toEqual({
      deposit: 35_000,
      fee: 0,
      dueDates: term.dueDates,
    });
  });
});

describe('what a place owes when', () => {
  const schedule = [
    { dueOn: '2026-11-20', amount: 37_500 },
    { dueOn: '2026-12-01', amount: 50_000 },
    { dueOn: '2027-01-01', amount: 50_000 },
    { dueOn: '2027-02-01', amount: 50_000 },
  ];

  it('pays the earliest date first', () => {
    const dues = placeDues(schedule, 0, 97_500, '2026-12-11');
    expect(dues.schedule.map((l) => l.owing)).toEqual([0, 0, 40_000, 50_000]);
    // The dates are put in order first, whatever order the entries came in.
    expect(placeDues([...schedule].reverse(), 0, 97_500, '2026-12-11')).toEqual(dues);
    expect(dues).toMatchObject({ dueOn: '2027-01-01', nextAmount: 40_000, overdue: 0 });
  });

  it('is overdue by what is owed on dates before today', () => {
    expect(placeDues(schedule, 0, 37_500, '2026-12-11')).toMatchObject({
      dueOn: '2026-12-01',
      nextAmount: 50_000,
      overdue: 50_000,
    });
    // On the date itself it is due, not late.
    expect(placeDues(schedule, 0, 37_500, '2026-12-01').overdue).toBe(0);
  });

  it('takes a credit from the latest date first (a withdrawal cancels the last instalments)', () => {
    const dues = placeDues(schedule, 70_000, 37_500, '2026-11-25');
    expect(dues.schedule.map((l) => l.owing)).toEqual([0, 50_000, 30_000, 0]);
    expect(placeDues([...schedule].reverse(), 70_000, 37_500, '2026-11-25')).toEqual(dues);
    expect(placeDues(schedule, 150_000, 37_500, '2027-03-01')).toMatchObject({ dueOn: null, overdue: 0 });
  });

  it('for any schedule, credit and payment: what is owed is the balance, never more than a date charged', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 9 }),
        (amounts, credit, paid, todayIndex) => {
          const buckets = amounts.map((amount, i) => ({ dueOn: `2027-0${i + 1}-01`, amount }));
          const charged = amounts.reduce((a, b) => a + b, 0);
          const today = `2027-0${Math.min(todayIndex, 9)}-15`;
          const dues = placeDues(buckets, credit, paid, today);
          const owing = dues.schedule.reduce((n, l) => n + l.owing, 0);
          expect(owing).toBe(Math.max(0, Math.max(0, charged - credit) - paid));
          for (const l of dues.schedule) expect(l.owing).toBeLessThanOrEqual(l.amount);
          expect(dues.overdue).toBeLessThanOrEqual(owing);
          if (owing > 0) expect(dues.nextAmount).toBeGreaterThan(0);
          else expect(dues.dueOn).toBeNull();
        },
      ),
    );
  });
});
