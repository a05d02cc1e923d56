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
