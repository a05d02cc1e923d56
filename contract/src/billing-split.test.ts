/**
 * Dividing a charge between two parents (decision 024): every amount is divided exactly, the other parent's
 * share rounded down and the parent whose place it is keeping the odd cent; a child's bills go to that child's
 * parent; no split leaves the bill with its owner; amounts that are not whole cents are refused.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divideCharge } from './billing-split.ts';

const sixtyForty = { kind: 'percent', percents: { a: 60, b: 40 } } as const;

describe('divideCharge', () => {
  it('divides by percentage, the owner keeping the odd cent', () => {
    expect(divideCharge(23_333, 'a', null, sixtyForty)).toEqual({ a: 14_000, b: 9_333 });
    expect(divideCharge(23_335, 'b', null, sixtyForty)).toEqual({ a: 14_001, b: 9_334 });
    expect(divideCharge(1, 'a', null, sixtyForty)).toEqual({ a: 1, b: 0 });
    expect(divideCharge(0, 'a', null, sixtyForty)).toEqual({ a: 0, b: 0 });
  });

  it('gives a child’s bills to that child’s parent, and any other bill to its owner', () => {
    const byChild = { kind: 'child', payers: { kid: 'b' } } as const;
    expect(divideCharge(500, 'a', 'kid', byChild)).toEqual({ b: 500 });
    expect(divideCharge(500, 'a', 'other', byChild)).toEqual({ a: 500 });
    expect(divideCharge(500, 'a', null, byChild)).toEqual({ a: 500 });
  });

  it('leaves the whole bill with its owner when there is no split', () => {
    expect(divideCharge(45_500, 'b', 'kid', { kind: 'none' })).toEqual({ b: 45_500 });
  });

  it('refuses an amount that is not whole cents at or above zero', () => {
    expect(() => divideCharge(-1, 'a', null, sixtyForty)).toThrow(RangeError);
    expect(() => divideCharge(10.5, 'a', null, { kind: 'none' })).toThrow('whole cents ≥ 0, not 10.5');
  });

  it('never loses or makes a cent, whoever owns the place', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 99 }),
        fc.constantFrom('a', 'b'),
        (amount, percent, owner) => {
          const other = owner === 'a' ? 'b' : 'a';
          const shares = divideCharge(amount, owner, null, {
            kind: 'percent',
            percents: { a: percent, b: 100 - percent },
          });
          expect(shares[owner]! + shares[other]!).toBe(amount);
          const otherPercent = other === 'a' ? percent : 100 - percent;
          expect(shares[other]).toBe(Math.floor((amount * otherPercent) / 100));
        },
      ),
    );
  });
});
