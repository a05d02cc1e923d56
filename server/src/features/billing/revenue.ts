/**
 * Revenue by month (issue 23, the director's): a year of the family account, month by month, read from the
 * ledger alone, so it agrees with every other money screen to the cent (contract `RevenueMonthSchema` says
 * what each column holds). A month is a calendar month in the center's time zone: a charge counts in the
 * month it falls due (a payment plan's instalments in their months), with the discount dated with it; a
 * credit, a write-off, a payment or a refund in the month it was posted. What was owed at each month's end
 * is what was owed before the year, plus each month's charged − received + refunded, so the year's last
 * month ends on the sum of every entry through it (moves' transfer pairs add nothing).
 */
import { REVENUE_CSV_COLUMNS, type RevenueReport, revenueTableRows } from '@lc/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { tableCsv } from '../class-sessions/roster-csv.ts';

/** One month of the ledger, in cents: what fell due ("charged"), came in and went back. */
export type LedgerMonth = { month: string; charged: number; received: number; refunded: number };

/**
 * Every month ("YYYY-MM", the center's time zone) with any entry, first first: one pass over the ledger grouped
 * by month (the rule in the module comment). Shared by the year's report and the director's reports (issue 24).
 */
export function ledgerMonths(db: DbOrTx, timeZone: string): Promise<LedgerMonth[]> {
  return queryRows<LedgerMonth>(
    db,
    sql`with dated as (
        select l.kind, l.amount, l.charged,
          to_char(case when l.kind in ('charge', 'plan_fee', 'late_fee', 'discount') and l.due_on is not null
            then l.due_on else (l.created at time zone ${timeZone})::date end, 'YYYY-MM') as month
        from ledger_signed l
      )
      select month, coalesce(sum(charged), 0)::int as charged,
        coalesce(sum(amount) filter (where kind = 'payment'), 0)::int as received,
        coalesce(sum(amount) filter (where kind = 'refund'), 0)::int as refunded
      from dated group by month order by month`,
  );
}

/** What a month adds to what families owe: charged − received + refunded (cents). */
export const owedBy = (r: LedgerMonth) => r.charged - r.received + r.refunded;

/**
 * The year `year`'s report (or the year of `today`, the center's ISO date, when none is asked for); cents.
 */
export async function revenueReport(
  db: DbOrTx,
  timeZone: string,
  today: string,
  year: number | undefined,
): Promise<RevenueReport> {
  const asked = year ?? Number(today.slice(0, 4));
  const rows = await ledgerMonths(db, timeZone);
  const opening = rows.filter((r) => r.month < `${asked}-01`).reduce((n, r) => n + owedBy(r), 0);
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  let outstanding = opening;
  const months = Array.from({ length: 12 }, (_, i) => {
    const month = `${asked}-${String(i + 1).padStart(2, '0')}`;
    const r = byMonth.get(month) ?? { month, charged: 0, received: 0, refunded: 0 };
    outstanding += owedBy(r);
    return { month, charged: r.charged, received: r.received, refunded: r.refunded, outstanding };
  });
  const sum = (key: 'charged' | 'received' | 'refunded') => months.reduce((n, m) => n + m[key], 0);
  const years = [...new Set([...rows.map((r) => Number(r.month.slice(0, 4))), Number(today.slice(0, 4))])];
  return {
    year: asked,
    years: years.sort((a, b) => b - a),
    months,
    totals: { charged: sum('charged'), received: sum('received'), refunded: sum('refunded') },
    opening,
    closing: outstanding,
  };
}

/** The year as CSV: exactly the table's columns and cells, the year's totals last. */
export async function revenueCsv(
  db: DbOrTx,
  timeZone: string,
  today: string,
  year: number | undefined,
): Promise<string> {
  return tableCsv(REVENUE_CSV_COLUMNS, revenueTableRows(await revenueReport(db, timeZone, today, year)));
}
