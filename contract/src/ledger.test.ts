/**
 * The family account's pure rules (issue 23, decision 022): the sign of each entry kind, a place's status,
 * the office's words for it, and the exact split of cents. The API flows that use them are in
 * server/test/family-ledger*.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_STATUSES,
  accountStatus,
  LEDGER_KINDS,
  monthIn,
  placeStatusText,
  SIGN_OF_KIND,
  splitCents,
  statementMonth,
} from './ledger.ts';

describe('the signs of the entry kinds', () => {
  it('adds what is owed for charges, fees, refunds and money moved away; takes it off for the rest', () => {
    expect(LEDGER_KINDS.filter((k) => SIGN_OF_KIND[k] === 1)).toEqual([
      'charge',
      'plan_fee',
      'late_fee',
      'refund',
      'transfer_out',
    ]);
    expect(LEDGER_KINDS.filter((k) => SIGN_OF_KIND[k] === -1)).toEqual([
      'discount',
      'credit',
      'write_off',
      'payment',
      'transfer_in',
    ]);
  });
});

describe('splitting cents', () => {
  it('always adds up to the whole, with shares at most a cent apart, the larger ones first', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 12 }),
        (total, parts) => {
          const shares = splitCents(total, parts);
          expect(shares).toHaveLength(parts);
          expect(shares.reduce((n, s) => n + s, 0)).toBe(total);
          expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
          expect([...shares].sort((a, b) => b - a)).toEqual(shares);
        },
      ),
    );
    expect(splitCents(100_001, 3)).toEqual([33_334, 33_334, 33_333]);
    expect(splitCents(0, 2)).toEqual([0, 0]);
    expect(splitCents(7, 1)).toEqual([7]);
  });

  it('refuses a negative or fractional total, and fewer than one part', () => {
    expect(() => splitCents(-1, 2)).toThrow('cannot split -1 cents');
    expect(() => splitCents(10.5, 2)).toThrow(RangeError);
    expect(() => splitCents(10, 0)).toThrow('cannot split into 0 parts');
    expect(() => splitCents(10, 1.5)).toThrow(RangeError);
  });
});

describe('a place’s status', () => {
  const at = (charged: number, paid: number, refunded = 0, dueOn: string | null = null) =>
    accountStatus({ charged, paid, refunded, dueOn }, '2026-11-20');

  it('reads the sums in a fixed order', () => {
    expect(at(45_500, 45_600)).toBe('credit');
    expect(at(0, 0, 10_000)).toBe('refunded');
    expect(at(0, 1, 10_000)).toBe('credit');
    expect(at(100, 0, 10_000)).toBe('refunded');
    expect(at(0, 0)).toBe('noCharge');
    expect(at(45_500, 45_500)).toBe('paid');
    expect(at(27_500, 27_500, 27_500)).toBe('paid');
    expect(at(45_500, 10_000, 0, '2026-11-19')).toBe('overdue');
    expect(at(45_500, 0, 0, '2026-11-19')).toBe('overdue');
    expect(at(45_500, 10_000, 0, '2026-11-20')).toBe('partlyPaid');
    expect(at(45_500, 10_000)).toBe('partlyPaid');
    expect(at(45_500, 0, 0, '2026-12-15')).toBe('due');
    expect(at(45_500, 0)).toBe('due');
  });

  it('is always one of the statuses, and credit exactly when more was paid than charged', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000, max: 100_000 }),
        fc.integer({ min: -100_000, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (charged, paid, refunded) => {
          const status = at(charged, paid, refunded, '2026-11-01');
          expect(ACCOUNT_STATUSES).toContain(status);
          expect(status === 'credit').toBe(charged - paid < 0);
          if (charged - paid > 0) expect(['overdue', 'refunded']).toContain(status);
        },
      ),
    );
  });
});

describe('the office’s words for a place', () => {
  it('on a plan, says the next instalment or what is late beside the whole balance', () => {
    const place = { balance: 150_000, dueOn: '2026-12-01' };
    expect(placeStatusText({ ...place, status: 'partlyPaid', nextAmount: 50_000, overdue: 0 })).toBe(
      'Partly paid: $1,500.00 left, next $500.00 due Dec 1, 2026',
    );
    expect(placeStatusText({ ...place, status: 'due', nextAmount: 50_000, overdue: 0 })).toBe(
      'Due: $500.00 on Dec 1, 2026 ($1,500.00 in all)',
    );
    expect(placeStatusText({ ...place, status: 'overdue', nextAmount: 50_000, overdue: 50_000 })).toBe(
      'Overdue: $500.00 since Dec 1, 2026 ($1,500.00 in all)',
    );
    // Everything due at once reads as before.
    expect(placeStatusText({ ...place, status: 'overdue', nextAmount: 150_000, overdue: 150_000 })).toBe(
      'Overdue: $1,500.00 since Dec 1, 2026',
    );
    expect(placeStatusText({ ...place, status: 'partlyPaid', nextAmount: 150_000, overdue: 0 })).toBe(
      'Partly paid: $1,500.00 due Dec 1, 2026',
    );
  });

  it('says the amount and the date where they matter', () => {
    expect(placeStatusText({ status: 'paid', balance: 0, dueOn: null })).toBe('Paid');
    expect(placeStatusText({ status: 'partlyPaid', balance: 35_500, dueOn: '2026-12-15' })).toBe(
      'Partly paid: $355.00 due Dec 15, 2026',
    );
    expect(placeStatusText({ status: 'partlyPaid', balance: 35_500, dueOn: null })).toBe(
      'Partly paid: $355.00 due',
    );
    expect(placeStatusText({ status: 'due', balance: 145_500, dueOn: '2027-01-04' })).toBe(
      'Due: $1,455.00 on Jan 4, 2027',
    );
    expect(placeStatusText({ status: 'due', balance: 500, dueOn: null })).toBe('Due: $5.00');
    expect(placeStatusText({ status: 'overdue', balance: 164_500, dueOn: '2026-07-01' })).toBe(
      'Overdue: $1,645.00 since Jul 1, 2026',
    );
    expect(placeStatusText({ status: 'overdue', balance: 1, dueOn: null })).toBe('Overdue: $0.01');
    expect(placeStatusText({ status: 'refunded', balance: 0, dueOn: null })).toBe('Refunded');
    expect(placeStatusText({ status: 'credit', balance: -5_000, dueOn: null })).toBe('Credit: $50.00');
    expect(placeStatusText({ status: 'noCharge', balance: 0, dueOn: null })).toBe('No charge');
  });
});

describe('a month of the statement', () => {
  const tz = 'America/Los_Angeles';
  const entries = [
    { created: '2026-10-05T17:00:00Z', balanceAfter: 45_500 },
    { created: '2026-11-02T17:00:00Z', balanceAfter: 30_000 },
    // 9 pm on November 30 in Los Angeles: still November there, December in UTC.
    { created: '2026-12-01T05:00:00Z', balanceAfter: 0 },
    { created: '2026-12-03T17:00:00Z', balanceAfter: 20_000 },
  ];

  it('opens on the balance before the month and closes on the balance after its last entry', () => {
    expect(statementMonth(entries, '2026-11', tz)).toEqual({
      opening: 45_500,
      entries: entries.slice(1, 3),
      closing: 0,
    });
    expect(statementMonth(entries, '2026-12', tz)).toEqual({
      opening: 0,
      entries: entries.slice(3),
      closing: 20_000,
    });
  });

  it('starts from nothing before the first entry, and a month without entries closes where it opened', () => {
    expect(statementMonth(entries, '2026-10', tz)).toEqual({
      opening: 0,
      entries: [entries[0]],
      closing: 45_500,
    });
    expect(statementMonth(entries, '2026-09', tz)).toEqual({ opening: 0, entries: [], closing: 0 });
    expect(statementMonth(entries, '2027-01', tz)).toEqual({ opening: 20_000, entries: [], closing: 20_000 });
  });

  it('reads each instant in the center’s time zone', () => {
    expect(monthIn('2026-12-01T05:00:00Z', tz)).toBe('2026-11');
    expect(monthIn('2026-12-01T05:00:00Z', 'UTC')).toBe('2026-12');
  });
});
