/**
 * The aging report (issue 23, the director's): every parent account that owes money on the family account,
 * with what it owes by how long past due. Each place (a child in a session) with a balance above 0 counts
 * from its earliest charge's due date, in days on the center's calendar: 0 or not yet due is "current",
 * then 1–30, 31–60 and over 60 days. Most owed first. The CSV is exactly the table (`agingTableRows`).
 * It reads `ledger_places`, the per-place sums a database trigger keeps as entries are posted (migration
 * 0023; a test proves they equal the entries' sums), not every entry.
 */
import { AGING_CSV_COLUMNS, type AgingQuery, type AgingReport, agingTableRows } from '@lc/contract';
import { type SQL, sql } from 'drizzle-orm';
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

const agedPlaces = (today: string) => sql`aged as (
    select p.payer_user_id, p.student_id, p.balance,
      greatest(0, ${today}::date - coalesce(p.due_on, ${today}::date)) as days
    from ledger_places p
    where p.balance > 0
  )`;

const buckets = sql`coalesce(sum(a.balance) filter (where a.days = 0), 0)::int as current,
  coalesce(sum(a.balance) filter (where a.days between 1 and 30), 0)::int as days1to30,
  coalesce(sum(a.balance) filter (where a.days between 31 and 60), 0)::int as days31to60,
  coalesce(sum(a.balance) filter (where a.days > 60), 0)::int as over60,
  coalesce(sum(a.balance), 0)::int as total`;

/** The families that owe, most owed first, cut by `limit` (an SQL limit/offset, or nothing for all). */
async function agingRows(db: DbOrTx, today: string, limit: SQL) {
  const rows = await queryRows<Row>(
    db,
    sql`with ${agedPlaces(today)}
      select a.payer_user_id as user_id, u.first_name || ' ' || u.last_name as family_name, u.email_address,
        coalesce(json_agg(distinct s.first_name || ' ' || s.last_name)
          filter (where s.id is not null), '[]'::json) as children,
        ${buckets}
      from aged a join users u on u.id = a.payer_user_id
        left join students s on s.id = a.student_id
      group by a.payer_user_id, u.first_name, u.last_name, u.email_address
      order by total desc, family_name, a.payer_user_id
      ${limit}`,
  );
  return rows.map((r) => ({
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
}

type Totals = AgingReport['totals'];

/** The totals over every family that owes, and how many families that is. */
async function agingTotals(db: DbOrTx, today: string): Promise<{ totals: Totals; families: number }> {
  const [row] = await queryRows<Totals & { n: number }>(
    db,
    sql`with ${agedPlaces(today)} select ${buckets}, count(distinct a.payer_user_id)::int as n from aged a`,
  );
  const { n, ...totals } = row!;
  return { totals, families: n };
}

/** One page of the report as of `today` (the center's ISO date), with the totals over all; amounts in cents. */
export async function agingReport(db: DbOrTx, today: string, query: AgingQuery): Promise<AgingReport> {
  const [rows, summed] = await Promise.all([
    agingRows(db, today, sql`limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    agingTotals(db, today),
  ]);
  return {
    asOf: today,
    rows,
    totals: summed.totals,
    total: summed.families,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The whole report as CSV (every family, not a page): the table's columns and cells, the totals row last. */
export async function agingCsv(db: DbOrTx, today: string): Promise<string> {
  const [rows, summed] = await Promise.all([agingRows(db, today, sql``), agingTotals(db, today)]);
  const report = {
    asOf: today,
    rows,
    totals: summed.totals,
    total: summed.families,
    page: 1,
    pageSize: rows.length,
  };
  return tableCsv(AGING_CSV_COLUMNS, agingTableRows(report));
}
