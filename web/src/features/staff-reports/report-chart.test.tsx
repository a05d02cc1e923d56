import { REPORTS, type Report, reportTableRows } from '@lc/contract';
import { describe, expect, it } from 'vitest';
import { chartData, REPORT_CHARTS } from './report-chart';

const revenue: Report = {
  kind: 'revenue',
  from: '2026-10-01',
  to: '2026-11-30',
  columns: REPORTS.revenue.columns,
  rows: [
    { month: '2026-10', charged: 0, received: 30000, refunded: 0, outstanding: -30000 },
    { month: '2026-11', charged: 194550, received: 100000, refunded: 2500, outstanding: 67050 },
  ],
  totals: { month: 'Total', charged: 194550, received: 130000, refunded: 2500, outstanding: 67050 },
  sessions: [],
  classSessionId: null,
};

describe('a report’s chart (issue 24)', () => {
  it('draws exactly the table’s rows: one point a row, each drawn column’s value (cents as dollars)', () => {
    const points = chartData(revenue);
    const table = reportTableRows({ ...revenue, totals: null });
    expect(points.map((p) => p.name)).toEqual(['Oct 2026', 'Nov 2026']);
    expect(table.map((r) => r[0])).toEqual(['October 2026', 'November 2026']);
    expect(points[1]).toEqual({
      name: 'Nov 2026',
      charged: 1945.5,
      received: 1000,
      refunded: 25,
      outstanding: 670.5,
    });
    // Every drawn figure is the table's, cell for cell.
    for (const [i, point] of points.entries())
      for (const s of REPORT_CHARTS.revenue.series) {
        const c = revenue.columns.findIndex((col) => col.key === s.key);
        expect(table[i]![c]).toBe(
          new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
            point[s.key] as number,
          ),
        );
      }
  });

  it('draws every report from columns it has', () => {
    for (const [kind, chart] of Object.entries(REPORT_CHARTS))
      for (const s of chart.series)
        expect(
          REPORTS[kind as keyof typeof REPORTS].columns.some((c) => c.key === s.key),
          `${kind}.${s.key}`,
        ).toBe(true);
  });

  it('names a session or a child by its cell, and leaves a rate with nothing expected empty', () => {
    const points = chartData({
      ...revenue,
      kind: 'attendance',
      columns: REPORTS.attendance.columns,
      rows: [
        { session: 'Acorn Room', expected: 26, attended: 8, absences: 18, rate: 31 },
        { session: 'Owl Room', expected: 0, attended: 0, absences: 0, rate: null },
      ],
      totals: null,
    });
    expect(points).toEqual([
      { name: 'Acorn Room', rate: 31 },
      { name: 'Owl Room', rate: null },
    ]);
  });
});
