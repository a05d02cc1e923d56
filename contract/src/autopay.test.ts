/**
 * When an automatic payment is tried (decision 023): on the instalment's date, then 1, 3 and 5 days after it,
 * and never after the fourth attempt; and how a saved method is named.
 */
import { describe, expect, it } from 'vitest';
import { methodName, nextTryOn } from './autopay.ts';

describe('nextTryOn', () => {
  it('tries again 1, 3 and 5 days after the date, across month and year ends', () => {
    expect(nextTryOn('2026-12-01', 0)).toBe('2026-12-01');
    expect(nextTryOn('2026-12-01', 1)).toBe('2026-12-02');
    expect(nextTryOn('2026-12-01', 2)).toBe('2026-12-04');
    expect(nextTryOn('2026-12-01', 3)).toBe('2026-12-06');
    expect(nextTryOn('2026-12-30', 3)).toBe('2027-01-04');
    expect(nextTryOn('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('makes no try after the fourth', () => {
    expect(nextTryOn('2026-12-01', 4)).toBeNull();
    expect(nextTryOn('2026-12-01', 5)).toBeNull();
  });
});

describe('methodName', () => {
  it('names a card by its brand and a bank account by its bank, each with the last four digits', () => {
    expect(methodName({ kind: 'card', label: 'visa', last4: '4242' })).toBe('Visa ending 4242');
    expect(methodName({ kind: 'us_bank_account', label: 'Test Bank', last4: '6789' })).toBe(
      'Test Bank account ending 6789',
    );
  });
});
