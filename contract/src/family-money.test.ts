import { describe, expect, it } from 'vitest';
import { messageSentence } from './api-errors.ts';
import { chargeLines, checkoutLineItems, lineItemsTotal, placeOnPayment } from './checkout-lines.ts';
import {
  describeRefundPolicy,
  fullRefundUntil,
  type RefundPolicy,
  refundQuote,
  type SiblingDiscount,
  shiftDate,
  siblingDiscountError,
} from './family-money.ts';

const tenPercent: SiblingDiscount = {
  siblingDiscountType: 'Percent',
  siblingDiscountValue: 10,
  siblingDiscountAcrossProgram: false,
};
const session = { name: 'Spring Art', registrationPrice: 30000, supplyFee: 4000, ...tenPercent };
const policy: RefundPolicy = { refundFullDaysBefore: 14, refundPercentAfter: 50, supplyFeeRefundUntil: null };

describe('sibling discount at checkout', () => {
  it('gives every child but the first the sibling price, as its own line, cents exact', () => {
    const lines = checkoutLineItems(session, 2);
    expect(lines.map((l) => l.amount)).toEqual([60000, 8000, -3000]);
    expect(lines[2]!.description).toBe('Sibling discount (10% off a brother or sister)');
    expect(lineItemsTotal(lines)).toBe(65000);
  });

  it('discounts every child when a brother or sister is already enrolled', () => {
    expect(lineItemsTotal(checkoutLineItems(session, 1, 1))).toBe(27000 + 4000);
    expect(lineItemsTotal(checkoutLineItems(session, 1, 0))).toBe(34000);
  });

  it('rounds a percentage down to the cent and caps an amount at the price', () => {
    const odd = { ...session, registrationPrice: 33333 };
    expect(checkoutLineItems(odd, 2)[2]!.amount).toBe(-3333);
    const big = { ...session, siblingDiscountType: 'Amount' as const, siblingDiscountValue: 99999 };
    expect(lineItemsTotal(checkoutLineItems(big, 2))).toBe(30000 + 8000);
  });

  it('charges the provider non-negative lines with the same total', () => {
    const lines = checkoutLineItems(session, 3);
    const charged = chargeLines(lines);
    expect(charged.map((l) => [l.kind, l.unitAmount, l.quantity])).toEqual([
      ['registration', 30000, 1],
      ['siblingRegistration', 27000, 2],
      ['supplyFee', 4000, 3],
    ]);
    expect(charged.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0)).toBe(lineItemsTotal(lines));
    expect(charged.every((l) => l.unitAmount >= 0)).toBe(true);
  });

  it('has no discount line without a discount', () => {
    const plain = checkoutLineItems({ name: 'Plain', registrationPrice: 1000, supplyFee: 0 }, 2);
    expect(plain).toHaveLength(1);
    expect(chargeLines(plain)).toEqual([
      { kind: 'registration', description: 'Plain — registration', unitAmount: 1000, quantity: 2 },
    ]);
  });

  it('refuses a discount without a type, a percentage over 100 and an amount over the price', () => {
    const at = (t: SiblingDiscount['siblingDiscountType'], v: number) => {
      const error = siblingDiscountError({
        siblingDiscountType: t,
        siblingDiscountValue: v,
        siblingDiscountAcrossProgram: false,
        registrationPrice: 30000,
      });
      return error === null ? null : messageSentence(error, 'en');
    };
    expect(at(null, 0)).toBeNull();
    expect(at(null, 5)).toMatch(/amount or a percentage/);
    expect(at('Percent', 101)).toMatch(/1 to 100/);
    expect(at('Amount', 30001)).toMatch(/more than the registration/);
    expect(at('Amount', 2500)).toBeNull();
  });
});

describe('refund policy', () => {
  const start = '2027-01-18';
  const twoSiblings = placeOnPayment(checkoutLineItems(session, 2), 2);
  const oneChild = placeOnPayment(checkoutLineItems(session, 1), 1);

  it('refunds everything up to the full-refund date, inclusive', () => {
    expect(fullRefundUntil(policy, start)).toBe('2027-01-04');
    expect(refundQuote(policy, start, '2027-01-04', oneChild)).toMatchObject({
      total: 34000,
      window: 'full',
    });
  });

  it('refunds the percentage of the registration the day after, and no supply fee', () => {
    expect(refundQuote(policy, start, '2027-01-05', oneChild)).toMatchObject({
      registrationRefund: 15000,
      supplyFeeRefund: 0,
      total: 15000,
      window: 'partial',
    });
  });

  it('refunds the supply fee until its own date, inclusive', () => {
    const later = { ...policy, supplyFeeRefundUntil: '2027-01-10' };
    expect(refundQuote(later, start, '2027-01-10', oneChild).supplyFeeRefund).toBe(4000);
    expect(refundQuote(later, start, '2027-01-11', oneChild).supplyFeeRefund).toBe(0);
  });

  it('recomputes the sibling discount: shares of every withdrawal add up to what was paid', () => {
    const first = refundQuote(policy, start, '2027-01-01', twoSiblings);
    expect(first.registrationShare).toBe(27000);
    const second = refundQuote(policy, start, '2027-01-01', { ...twoSiblings, stillEnrolled: 1 });
    expect(second.registrationShare).toBe(30000);
    expect(first.total + second.total).toBe(lineItemsTotal(checkoutLineItems(session, 2)));
  });

  it('rounds a partial refund down to the cent', () => {
    const odd = placeOnPayment(checkoutLineItems({ ...session, registrationPrice: 33333 }, 1), 1);
    expect(
      refundQuote({ ...policy, refundPercentAfter: 50 }, start, '2027-01-10', odd).registrationRefund,
    ).toBe(16666);
  });

  it('says the policy in plain words with the dates', () => {
    expect(describeRefundPolicy(policy, { sessionStartDate: start, supplyFee: 4000 })).toEqual([
      'Withdraw by Monday, January 4, 2027 (14 days before the first day) and we refund everything you paid.',
      'After that, we refund 50% of the registration until the last day.',
      'The supply fee ($40.00) is refunded only in the full-refund period.',
    ]);
  });

  it('with 0 days, refunds everything up to and on the first day, and says so', () => {
    const sameDay = { ...policy, refundFullDaysBefore: 0 };
    expect(refundQuote(sameDay, start, start, oneChild).window).toBe('full');
    expect(refundQuote(sameDay, start, '2027-01-19', oneChild).window).toBe('partial');
    expect(describeRefundPolicy(sameDay, { sessionStartDate: start, supplyFee: 0 })[0]).toBe(
      'Withdraw by the first day (Monday, January 18, 2027) and we refund everything you paid.',
    );
  });

  it('shifts calendar dates across months and leap days', () => {
    expect(shiftDate('2028-03-01', -1)).toBe('2028-02-29');
    expect(shiftDate('2026-12-31', 1)).toBe('2027-01-01');
  });
});
