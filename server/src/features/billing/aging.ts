/**
 * The aging report (issue 23, the director's): every parent account that owes money on the family account,
 * with what it owes by how long past due. What each place (a child in a session) owes on each due date counts
 * from that date (`agedPlaces`), in days on the center's calendar: 0 or not yet due is "current", then 1–30,
 * 31–60 and over 60 days. Most owed first, or in the order the table asks for (decision 030). The CSV is
 * exactly the table (`agingTableRows`), most owed first.
 * It reads two caches a database trigger keeps as entries are posted, never every entry: `ledger_places`
 * (each place's sums, migration 0023) and `ledger_place_dues` (each place's charges by due date, migration
 * 0025); tests prove both equal the entries' sums. One statement answers a page and the totals over all.
 */
import {
  AGING_CSV_COLUMNS,
  type AgingQuery,
  type AgingReport,
  type AgingSort,
  agingTableRows,
} from '@lc/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, orderBy, queryRows } from '../../db/client.ts';
import { tableCsv } from '../class-sessions/roster-csv.ts';

type Totals = AgingReport['totals'];

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
  /** Over every family, not only the page's (window sums). */
  all_current: number;
  all_days1to30: number;
  all_days31to60: number;
  all_over60: number;
  all_total: number;
  families: number;
};

/**
 * What each place owes on each of its due dates, aged from that date: a plan's instalments not yet due are
 * current, one a month late is 1–30 days. `ledger_place_dues.owing` holds what is still owed on each date by
 * the rule of `placeDues` (contract `payment-plan.ts`: payments pay the earliest date first, credits take
 * from the latest first), worked out by a trigger when an entry is posted (migration 0025); a test compares
 * the two. Only the bucket depends on `today`.
 */
const agedPlaces = (today: string) => sql`aged as (
    select d.payer_user_id, nullif(d.student_key, '00000000-0000-0000-0000-000000000000'::uuid) as student_id,
      d.owing as balance, greatest(0, ${today}::date - d.due_on) as days
    from ledger_place_dues d
    where d.owing > 0
  )`;

const buckets = sql`coalesce(sum(a.balance) filter (where a.days = 0), 0)::int as current,
  coalesce(sum(a.balance) filter (where a.days between 1 and 30), 0)::int as days1to30,
  coalesce(sum(a.balance) filter (where a.days between 31 and 60), 0)::int as days31to60,
  coalesce(sum(a.balance) filter (where a.days > 60), 0)::int as over60,
  coalesce(sum(a.balance), 0)::int as total`;

/** What each of the table's orders sorts by (decision 030), over `families f join users u`. */
const agingOrder: Record<AgingSort, SQL[]> = {
  family: [sql`lower(u.last_name)`, sql`lower(u.first_name)`],
  current: [sql`f.current`],
  days1to30: [sql`f.days1to30`],
  days31to60: [sql`f.days31to60`],
  over60: [sql`f.over60`],
  total: [sql`f.total`],
};

/** The report's default order: most owed first. */
const MOST_OWED: Pick<AgingQuery, 'sort' | 'dir'> = { sort: 'total', dir: 'desc' };

/**
 * The families that owe in `order` (ties by the family's last and first name, then its id, so paging is
 * stable), cut by `limit` (an SQL limit/offset, or nothing for all), each row with the totals over every
 * family (computed before the cut). Empty past the last page.
 */
async function agingRows(
  db: DbOrTx,
  today: string,
  order: Pick<AgingQuery, 'sort' | 'dir'>,
  limit: SQL,
): Promise<Row[]> {
  const ordering = sql`${orderBy(agingOrder[order.sort], order.dir)},
    lower(u.last_name), lower(u.first_name), f.payer_user_id`;
  return queryRows<Row>(
    db,
    sql`with ${agedPlaces(today)},
      families as (
        select a.payer_user_id, ${buckets} from aged a group by a.payer_user_id
      ),
      page as (
        select f.payer_user_id as user_id, u.first_name || ' ' || u.last_name as family_name, u.email_address,
          f.current, f.days1to30, f.days31to60, f.over60, f.total,
          (sum(f.current) over ())::int as all_current, (sum(f.days1to30) over ())::int as all_days1to30,
          (sum(f.days31to60) over ())::int as all_days31to60, (sum(f.over60) over ())::int as all_over60,
          (sum(f.total) over ())::int as all_total, (count(*) over ())::int as families,
          row_number() over (order by ${ordering}) as seq
        from families f join users u on u.id = f.payer_user_id
        order by seq
        ${limit}
      )
      -- The children's names for the page's families only (by the index of what is owed, per family).
      select page.*, coalesce((select json_agg(distinct s.first_name || ' ' || s.last_name)
          from ledger_place_dues d join students s on s.id = d.student_key
          where d.payer_user_id = page.user_id and d.owing > 0), '[]'::json) as children
      from page
      order by page.seq`,
  );
}

const toRow = (r: Row) => ({
  userId: r.user_id,
  familyName: r.family_name,
  emailAddress: r.email_address,
  children: (typeof r.children === 'string' ? (JSON.parse(r.children) as string[]) : r.children).sort(),
  current: r.current,
  days1to30: r.days1to30,
  days31to60: r.days31to60,
  over60: r.over60,
  total: r.total,
});

/** The totals over every family that owes, and how many families that is (a page past the last one). */
async function agingTotals(db: DbOrTx, today: string): Promise<{ totals: Totals; families: number }> {
  const [row] = await queryRows<Totals & { n: number }>(
    db,
    sql`with ${agedPlaces(today)} select ${buckets}, count(distinct a.payer_user_id)::int as n from aged a`,
  );
  const { n, ...totals } = row!;
  return { totals, families: n };
}

/** The totals a page's rows carry, or read on their own when the page is empty. */
async function totalsOf(db: DbOrTx, today: string, rows: Row[]) {
  const first = rows[0];
  if (!first) return agingTotals(db, today);
  return {
    totals: {
      current: first.all_current,
      days1to30: first.all_days1to30,
      days31to60: first.all_days31to60,
      over60: first.all_over60,
      total: first.all_total,
    },
    families: first.families,
  };
}

/**
 * One page of the report as of `today` (the center's ISO date) in `query.sort`/`dir` order, with the totals
 * over all; amounts in cents.
 */
export async function agingReport(db: DbOrTx, today: string, query: AgingQuery): Promise<AgingReport> {
  const rows = await agingRows(
    db,
    today,
    query,
    sql`limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  const summed = await totalsOf(db, today, rows);
  return {
    asOf: today,
    rows: rows.map(toRow),
    totals: summed.totals,
    total: summed.families,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The whole report as CSV (every family, not a page): the table's columns and cells, the totals row last. */
export async function agingCsv(db: DbOrTx, today: string): Promise<string> {
  const rows = await agingRows(db, today, MOST_OWED, sql``);
  const summed = await totalsOf(db, today, rows);
  const report = {
    asOf: today,
    rows: rows.map(toRow),
    totals: summed.totals,
    total: summed.families,
    page: 1,
    pageSize: rows.length,
  };
  return tableCsv(AGING_CSV_COLUMNS, agingTableRows(report));
}

/**
 * What is past due over every family as of `today` (the center's ISO date): how many families owe something
 * after its due date and the sum of it in cents (the aging report's 1–30, 31–60 and over-60 columns). The staff
 * home's money line (issue 24).
 */
export async function overdueSummary(
  db: DbOrTx,
  today: string,
): Promise<{ families: number; total: number }> {
  const [row] = await queryRows<{ families: number; total: number }>(
    db,
    sql`with ${agedPlaces(today)}
      select count(distinct a.payer_user_id)::int as families, coalesce(sum(a.balance), 0)::int as total
      from aged a where a.days > 0`,
  );
  return row ?? { families: 0, total: 0 };
}
