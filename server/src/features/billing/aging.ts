/**
 * The aging report (issue 23, the director's): every parent account that owes money on the family account,
 * with what it owes by how long past due. What each place (a child in a session) owes on each due date counts
 * from that date (`agedPlaces`), in days on the center's calendar: 0 or not yet due is "current", then 1–30,
 * 31–60 and over 60 days. Most owed first. The CSV is exactly the table (`agingTableRows`).
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

/**
 * Each place that owes, cut into what is owed on each of its due dates, aged from that date: a plan's
 * instalments not yet due are current, one a month late is 1–30 days. The same rule as `placeDues`
 * (contract `payment-plan.ts`): payments pay the earliest date first, credits take from the latest first; a
 * test proves the report equals it. Reads only the entries of places that owe.
 */
const agedPlaces = (today: string) => sql`owing as (
    select p.payer_user_id, p.class_session_id, p.student_id, p.student_key, p.charged, greatest(p.paid, 0) as paid
    from ledger_places p
    where p.balance > 0
  ),
  dated as (
    select o.payer_user_id, o.class_session_id, o.student_id, o.student_key, o.charged, o.paid,
      coalesce(l.due_on, l.created::date) as due_on,
      greatest(sum(case when l.kind = 'discount' then -l.amount else l.amount end), 0) as amount
    from owing o join ledger_entries l on l.class_session_id = o.class_session_id
      and l.payer_user_id = o.payer_user_id
      and coalesce(l.student_id, '00000000-0000-0000-0000-000000000000'::uuid) = o.student_key
    where l.kind in ('charge', 'plan_fee', 'late_fee') or (l.kind = 'discount' and l.due_on is not null)
    group by o.payer_user_id, o.class_session_id, o.student_id, o.student_key, o.charged, o.paid, 7
  ),
  credited as (
    select d.*, d.amount - least(d.amount, greatest(0,
      (sum(d.amount) over place - d.charged)
      - coalesce(sum(d.amount) over (place order by d.due_on desc rows between unbounded preceding and 1 preceding), 0)
    )) as left_after_credit
    from dated d
    window place as (partition by d.payer_user_id, d.class_session_id, d.student_key)
  ),
  aged as (
    select c.payer_user_id, c.student_id,
      c.left_after_credit - least(c.left_after_credit, greatest(0, c.paid
        - coalesce(sum(c.left_after_credit) over (partition by c.payer_user_id, c.class_session_id, c.student_key
          order by c.due_on rows between unbounded preceding and 1 preceding), 0))) as balance,
      greatest(0, ${today}::date - c.due_on) as days
    from credited c
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
