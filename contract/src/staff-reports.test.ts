import { describe, expect, it } from 'vitest';
import {
  monthsOf,
  percentOf,
  REPORTS,
  ReportQuerySchema,
  reportCell,
  reportRange,
  reportTableRows,
} from './staff-reports.ts';

describe('the reports’ range (issue 24)', () => {
  it('defaults to twelve whole months up to today, or a year from a first day alone', () => {
    expect(reportRange({}, '2026-11-20')).toEqual({ from: '2025-12-01', to: '2026-11-20' });
    expect(reportRange({}, '2026-01-05')).toEqual({ from: '2025-02-01', to: '2026-01-05' });
    expect(reportRange({ to: '2026-03-31' }, '2026-11-20')).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(reportRange({ from: '2025-01-01' }, '2026-11-20')).toEqual({
      from: '2025-01-01',
      to: '2025-12-31',
    });
    expect(reportRange({ from: '2026-10-01' }, '2026-11-20')).toEqual({
      from: '2026-10-01',
      to: '2026-11-20',
    });
    expect(reportRange({ from: '2027-01-01' }, '2026-11-20')).toEqual({
      from: '2027-01-01',
      to: '2027-01-01',
    });
  });

  it('lists the months a range touches, across a new year', () => {
    expect(monthsOf('2025-11-15', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsOf('2026-05-31', '2026-05-31')).toEqual(['2026-05']);
  });

  it('tells a backwards or too long range by the last day (the message files word the keys)', () => {
    const fieldOf = (query: object) => {
      const parsed = ReportQuerySchema.safeParse(query);
      return parsed.success ? null : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
    };
    expect(fieldOf({ from: '2026-11-20', to: '2026-11-19' })).toEqual([
      ['to', 'fields.reports.toOnOrAfterFrom'],
    ]);
    expect(fieldOf({ from: '2021-11-20', to: '2026-11-19' })).toBeNull(); // 1,825 days: within five years
    expect(fieldOf({ from: '2021-11-18', to: '2026-11-19' })).toEqual([
      ['to', 'fields.reports.atMostFiveYears'],
    ]);
    expect(fieldOf({ classSessionId: '0' })).toEqual([['classSessionId', 'fields.reports.chooseSession']]);
  });
});

describe('the reports’ cells (issue 24)', () => {
  it('reads each format as people do, and nothing as a dash', () => {
    expect(reportCell('cents', 123450)).toBe('$1,234.50');
    expect(reportCell('cents', -2500)).toBe('-$25.00');
    expect(reportCell('percent', 93)).toBe('93%');
    expect(reportCell('hours', 6)).toBe('6 h');
    expect(reportCell('count', 1209)).toBe('1,209');
    expect(reportCell('month', '2027-01')).toBe('January 2027');
    expect(reportCell('month', 'Total')).toBe('Total');
    expect(reportCell('percent', null)).toBe('—');
  });

  it('rounds a rate to a whole percentage, and has none when nothing was expected', () => {
    expect(percentOf(9, 44)).toBe(20);
    expect(percentOf(1, 8)).toBe(13);
    expect(percentOf(0, 0)).toBeNull();
  });

  it('makes the table: each row in its columns’ order, then the totals', () => {
    const { columns } = REPORTS.revenue;
    expect(
      reportTableRows({
        columns,
        rows: [{ month: '2026-11', charged: 120000, received: 50000, refunded: 0, outstanding: 70000 }],
        totals: { month: 'Total', charged: 120000, received: 50000, refunded: 0, outstanding: 70000 },
      }),
    ).toEqual([
      ['November 2026', '$1,200.00', '$500.00', '$0.00', '$700.00'],
      ['Total', '$1,200.00', '$500.00', '$0.00', '$700.00'],
    ]);
  });
});
