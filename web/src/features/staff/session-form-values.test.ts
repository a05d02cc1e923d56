import { messageSentence } from '@lc/contract';
import { describe, expect, it } from 'vitest';
import { classSessionFixture } from '../testing/class-session-fixture.ts';
import { EMPTY_SESSION_FORM, formToSessionInput, sessionToForm } from './session-form-values.ts';

const TZ = 'America/Los_Angeles';

/** The six issue-13 fields of a ClassSessionInput or ClassSession. */
const money = (s: Record<string, unknown>) => ({
  refundFullDaysBefore: s.refundFullDaysBefore,
  refundPercentAfter: s.refundPercentAfter,
  supplyFeeRefundUntil: s.supplyFeeRefundUntil,
  siblingDiscountType: s.siblingDiscountType,
  siblingDiscountValue: s.siblingDiscountValue,
  siblingDiscountAcrossProgram: s.siblingDiscountAcrossProgram,
});

describe('the session form’s refund policy and sibling discount', () => {
  const stored = classSessionFixture({
    refundFullDaysBefore: 21,
    refundPercentAfter: 75,
    supplyFeeRefundUntil: '2026-02-10',
    siblingDiscountType: 'Amount',
    siblingDiscountValue: 2_550,
    siblingDiscountAcrossProgram: true,
  });

  it('shows a stored session’s values and sends them back unchanged on save (an edit never resets them)', () => {
    const form = sessionToForm(stored, TZ);
    expect(form).toMatchObject({
      refundFullDaysBefore: '21',
      refundPercentAfter: '75',
      supplyFeeRefundUntil: '2026-02-10',
      siblingDiscountType: 'Amount',
      siblingDiscountValue: '25.50',
      siblingDiscountAcrossProgram: true,
    });
    const saved = formToSessionInput({ ...form, rosterSize: '10' }, TZ);
    expect(saved.ok && money(saved.value)).toEqual(money(stored));
  });

  it('changes them: a percentage stays whole, no discount sends none whatever the box holds', () => {
    const form = sessionToForm(stored, TZ);
    const percent = formToSessionInput(
      { ...form, siblingDiscountType: 'Percent', siblingDiscountValue: '15', refundPercentAfter: '0' },
      TZ,
    );
    expect(percent.ok && money(percent.value)).toMatchObject({
      refundPercentAfter: 0,
      siblingDiscountType: 'Percent',
      siblingDiscountValue: 15,
    });
    const none = formToSessionInput(
      { ...form, siblingDiscountType: '', siblingDiscountValue: '25.50', supplyFeeRefundUntil: '' },
      TZ,
    );
    expect(none.ok && money(none.value)).toMatchObject({
      supplyFeeRefundUntil: null,
      siblingDiscountType: null,
      siblingDiscountValue: 0,
      siblingDiscountAcrossProgram: false,
    });
  });

  it('a new session starts with the default policy and no discount', () => {
    expect(EMPTY_SESSION_FORM).toMatchObject({
      refundFullDaysBefore: '14',
      refundPercentAfter: '50',
      supplyFeeRefundUntil: '',
      siblingDiscountType: '',
    });
  });

  it('says what is wrong by the field it is about', () => {
    const form = sessionToForm(stored, TZ);
    // Each field's message as the form shows it (the contract's are codes, written in the page's language).
    const errors = (change: object) => {
      const result = formToSessionInput({ ...form, ...change }, TZ);
      return result.ok
        ? {}
        : Object.fromEntries(
            Object.entries(result.errors).map(([field, message]) => [field, messageSentence(message, 'en')]),
          );
    };
    expect(errors({ refundPercentAfter: '150' })).toEqual({
      refundPercentAfter: 'Use a percentage from 0 to 100',
    });
    expect(errors({ refundFullDaysBefore: 'two weeks' })).toEqual({
      refundFullDaysBefore: 'Give a whole number, like 12',
    });
    expect(errors({ refundFullDaysBefore: '400' })).toEqual({ refundFullDaysBefore: 'Use at most 365 days' });
    expect(errors({ supplyFeeRefundUntil: 'soon' })).toEqual({
      supplyFeeRefundUntil: 'Use a date like 2026-01-05',
    });
    expect(errors({ siblingDiscountValue: 'lots' })).toEqual({
      siblingDiscountValue: 'Give the discount in dollars, like 25 or 25.00',
    });
    expect(errors({ siblingDiscountValue: '5000' })).toEqual({
      siblingDiscountValue: 'The discount cannot be more than the registration price',
    });
    expect(errors({ siblingDiscountType: 'Percent', siblingDiscountValue: '0' })).toEqual({
      siblingDiscountValue: 'Use a percentage from 1 to 100',
    });
  });
});

describe('the session form’s payment plan (issue 23)', () => {
  const planned = classSessionFixture({
    plan: { deposit: 34_500, fee: 2_500, dueDates: ['2026-02-10', '2026-03-10', '2026-04-10'] },
  });
  const planOf = (s: Record<string, unknown>) => ({
    planDeposit: s.planDeposit,
    planFee: s.planFee,
    planDueDates: s.planDueDates,
  });

  it('shows a stored plan in dollars and sends it back unchanged; no plan is an empty deposit', () => {
    const form = sessionToForm(planned, TZ);
    expect(planOf(form)).toEqual({
      planDeposit: '345.00',
      planFee: '25.00',
      planDueDates: ['2026-02-10', '2026-03-10', '2026-04-10'],
    });
    const saved = formToSessionInput({ ...form, rosterSize: '10' }, TZ);
    expect(saved.ok && planOf(saved.value)).toEqual({
      planDeposit: 34_500,
      planFee: 2_500,
      planDueDates: ['2026-02-10', '2026-03-10', '2026-04-10'],
    });
    expect(planOf(sessionToForm(classSessionFixture(), TZ))).toEqual({
      planDeposit: '',
      planFee: '0.00',
      planDueDates: [],
    });
    // Clearing the deposit removes the plan, whatever the dates say; empty date rows are left out.
    const removed = formToSessionInput({ ...form, planDeposit: '' }, TZ);
    expect(removed.ok && planOf(removed.value)).toEqual({ planDeposit: null, planFee: 0, planDueDates: [] });
    const blankRow = formToSessionInput({ ...form, planDueDates: ['2026-02-10', ''] }, TZ);
    expect(blankRow.ok && blankRow.value.planDueDates).toEqual(['2026-02-10']);
  });

  it('says what is wrong by the plan’s fields', () => {
    const form = sessionToForm(planned, TZ);
    const errors = (change: object) => {
      const result = formToSessionInput({ ...form, ...change }, TZ);
      return result.ok
        ? {}
        : Object.fromEntries(
            Object.entries(result.errors).map(([field, message]) => [field, messageSentence(message, 'en')]),
          );
    };
    expect(errors({ planDeposit: 'half' })).toEqual({
      planDeposit: 'Give the deposit in dollars, like 350 or 350.00',
    });
    expect(errors({ planFee: 'some' })).toEqual({
      planFee: 'Give the plan fee in dollars, like 25 or 25.00; 0 for none',
    });
    expect(errors({ planDueDates: [''] })).toEqual({
      planDueDates: 'Add at least one instalment date, or leave the deposit empty for no plan.',
    });
    expect(errors({ planDueDates: ['2026-03-10', '2026-02-10'] })).toEqual({
      planDueDates: 'Give each instalment date as a real date, each later than the one before.',
    });
    expect(errors({ planDueDates: ['2026-06-10'] })).toEqual({
      planDueDates: "Every instalment falls due by the session's last day.",
    });
    expect(errors({ planLateFee: 'a lot' })).toEqual({
      planLateFee: 'Give the late fee in dollars, like 15 or 15.00; 0 for none',
    });
    expect(errors({ planLateFee: '15', planLateFeeDays: 'a week' })).toEqual({
      planLateFeeDays: 'Give a whole number of days, like 7',
    });
    expect(errors({ planLateFee: '15', planLateFeeDays: '90' })).toEqual({
      planLateFeeDays:
        'Enter how many days after an instalment’s date the late fee is added: a whole number from 1 to 60.',
    });
    expect(errors({ planLateFee: '900' })).toEqual({
      planLateFee: 'Enter the late fee as an amount up to 500.00, like 15.00, or 0 for none.',
    });
  });

  it('keeps the plan’s late fee: shown in dollars and days, sent back in cents', () => {
    const late = classSessionFixture({
      plan: { deposit: 34_500, fee: 0, dueDates: ['2026-02-10'], lateFee: 1_500, lateFeeDays: 10 },
    });
    const form = sessionToForm(late, TZ);
    expect([form.planLateFee, form.planLateFeeDays]).toEqual(['15.00', '10']);
    const saved = formToSessionInput({ ...form, rosterSize: '10' }, TZ);
    expect(saved.ok && [saved.value.planLateFee, saved.value.planLateFeeDays]).toEqual([1_500, 10]);
    expect([sessionToForm(planned, TZ).planLateFee, sessionToForm(planned, TZ).planLateFeeDays]).toEqual([
      '0.00',
      '7',
    ]);
  });
});
