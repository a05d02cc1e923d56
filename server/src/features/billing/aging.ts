/**
 * The aging report (issue 23, the director's): every parent account that owes money on the family account,
 * with what it owes by how long past due. Each place (a child in a session) with a balance above 0 counts
 * from its earliest charge's due date, in days on the center's calendar: 0 or not yet due is "current",
 * then 1–30, 31–60 and over 60 days. Most owed first. The CSV is exactly the table (`agingTableRows`).
 * It reads `ledger_places`, the per-place sums a database trigger keeps as entries are posted (migration
 * 0023; a test proves they equal the entries' sums), not every entry.
 */
import { AGING_CSV_COLUMNS, type AgingReport, agingTableRows } from '@lc/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { tableCsv } from '../class-sessions/roster-csv.ts';

type Row = {
  user_id: string;
  family_name: string;
  email_address: string | null;
  children: string[] | string;
  current: number;
  days1to30: number;
  days31to60: number;
  over60: number;
  total: number;
};

/** The report as of `today` (the center's ISO date); amounts in cents. */
export async function agingReport(db: DbOrTx, today: string): Promise<AgingReport> {
  const rows = await queryRows<Row>(
    db,
    sql`with aged as (
        select p.payer_user_id, p.student_id, p.balance,
          greatest(0, ${today}::date - coalesce(p.due_on, ${today}::date)) as days
        from ledger_places p
        where p.balance > 0
      )
      select a.payer_user_id as user_id, u.first_name || ' ' || u.last_name as family_name, u.email_address,
        coalesce(json_agg(distinct s.first_name || ' ' || s.last_name)
          filter (where s.id is not null), '[]'::json) as children,
        coalesce(sum(a.balance) filter (where a.days = 0), 0)::int as current,
        coalesce(sum(a.balance) filter (where a.days between 1 and 30), 0)::int as days1to30,
        coalesce(sum(a.balance) filter (where a.days between 31 and 60), 0)::int as days31to60,
        coalesce(sum(a.balance) filter (where a.days > 60), 0)::int as over60,
        sum(a.balance)::int as total
      from aged a join users u on u.id = a.payer_user_id
        left join students s on s.id = a.student_id
      group by a.payer_user_id, u.first_name, u.last_name, u.email_address
      order by total desc, family_name, a.payer_user_id`,
  );
  const items = rows.map((r) => ({
    userId: r.user_id,
    familyName: r.family_name,
    emailAddress: r.email_address,
    children: (typeof r.children === 'string' ? (JSON.parse(r.children) as string[]) : r.children).sort(),
    current: r.current,
    days1to30: r.days1to30,
    days31to60: r.days31to60,
    over60: r.over60,
    total: r.total,
  }));
  const sum = (key: 'current' | 'days1to30' | 'days31to60' | 'over60' | 'total') =>
    items.reduce((n, r) => n + r[key], 0);
  return {
    asOf: today,
    rows: items,
    totals: {
      current: sum('current'),
      days1to30: sum('days1to30'),
      days31to60: sum('days31to60'),
      over60: sum('over60'),
      total: sum('total'),
    },
  };
}

/** The report as CSV: the table's columns and cells, the totals row last. */
export async function agingCsv(db: DbOrTx, today: string): Promise<string> {
  return tableCsv(AGING_CSV_COLUMNS, agingTableRows(await agingReport(db, today)));
}
