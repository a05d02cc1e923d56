/**
 * The director's payments list (issue 10): filtered by status, session and a date range (calendar days in
 * the center's time zone, both ends included), in the order the table asks for (newest first by default;
 * decision 030), paginated on the server, with totals over everything the filters match; the CSV export runs
 * the same query without the page, in the same order, and writes exactly the table's cells
 * (`paymentTableRows`), formula cells defused as the roster's CSV does.
 */
import {
  PAYMENT_CSV_COLUMNS,
  type PaymentSort,
  type PaymentTotals,
  paymentTableRows,
  type StaffPaymentListQuery,
  type StaffPaymentRow,
} from '@lc/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, orderBy, queryRows } from '../../db/client.ts';
import { tableCsv } from '../class-sessions/roster-csv.ts';

/** The most rows one CSV export writes (a center's whole history fits many times over). */
export const PAYMENTS_CSV_LIMIT = 50_000;

type Filters = Omit<StaffPaymentListQuery, 'page' | 'pageSize'>;

function whereOf(filters: Filters, timeZone: string): SQL {
  const parts: SQL[] = [sql`true`];
  if (filters.status) parts.push(sql`p.status = ${filters.status}`);
  if (filters.classSessionId) parts.push(sql`p.class_session_id = ${filters.classSessionId}`);
  if (filters.from) parts.push(sql`p.created >= (${filters.from}::date)::timestamp at time zone ${timeZone}`);
  if (filters.to)
    parts.push(sql`p.created < ((${filters.to}::date + 1)::timestamp at time zone ${timeZone})`);
  return sql.join(parts, sql` and `);
}

/**
 * What each of the table's orders sorts by (decision 030). Status runs by its label A to Z (Expired, Failed,
 * Paid, Pending, Refund due, Refunded), as the column reads; a payment without a session comes last.
 */
const paymentOrder: Record<PaymentSort, SQL[]> = {
  date: [sql`p.created`],
  family: [sql`lower(u.last_name)`, sql`lower(u.first_name)`],
  session: [sql`lower(cs.name)`],
  amount: [sql`p.final_amount`],
  refunded: [sql`p.refunded_amount`],
  status: [
    sql`case p.status when 'Expired' then 0 when 'Failed' then 1 when 'Paid' then 2 when 'Pending' then 3
      when 'RefundDue' then 4 when 'Refunded' then 5 else 6 end`,
  ],
};

/** `order by` for `filters.sort`/`dir`; ties newest first, then by id, so paging is stable. */
const orderOf = (filters: Filters): SQL =>
  sql`${orderBy(paymentOrder[filters.sort], filters.dir)}, p.created desc, p.id desc`;

type Row = {
  id: string;
  created: Date | string;
  status: StaffPaymentRow['status'];
  provider: string;
  note: string | null;
  family_name: string;
  email_address: string | null;
  class_session_id: number | null;
  session_name: string | null;
  children: string[] | string;
  final_amount: number;
  refunded_amount: number;
  pending: number;
};

const selectRows = sql`select p.id, p.created, p.status, p.provider, p.note,
    u.first_name || ' ' || u.last_name as family_name, coalesce(p.email_address, u.email_address) as email_address,
    p.class_session_id, cs.name as session_name,
    (select coalesce(json_agg(s.first_name || ' ' || s.last_name order by s.first_name), '[]'::json)
      from students s where s.id in (select e.student_id from class_session_enrollments e
        where e.payment_id = p.id)) as children,
    p.final_amount, p.refunded_amount,
    (select coalesce(sum(r.amount), 0)::int from refunds r where r.payment_id = p.id and r.status = 'Pending') as pending
  from payments p
  join users u on u.id = p.user_id
  left join class_sessions cs on cs.id = p.class_session_id`;

function toRow(r: Row): StaffPaymentRow {
  return {
    id: r.id,
    created: new Date(r.created).toISOString(),
    status: r.status,
    provider: r.provider,
    note: r.note,
    familyName: r.family_name,
    emailAddress: r.email_address,
    classSessionId: r.class_session_id,
    sessionName: r.session_name,
    children: typeof r.children === 'string' ? (JSON.parse(r.children) as string[]) : r.children,
    finalAmount: r.final_amount,
    refundedAmount: r.refunded_amount,
    refundable: r.status === 'Paid' ? Math.max(0, r.final_amount - r.refunded_amount - r.pending) : 0,
  };
}

/**
 * One page of payments matching `query` in its order (`sort`/`dir`, newest first by default) and the totals in cents over all of them: `paid`
 * sums payments that were paid (`Paid`, and `Refunded` ones, which were paid first), `refunded` what was
 * given back, `net` the difference.
 */
export async function listPayments(
  db: DbOrTx,
  timeZone: string,
  query: StaffPaymentListQuery,
): Promise<{ items: StaffPaymentRow[]; total: number; totals: PaymentTotals }> {
  const where = whereOf(query, timeZone);
  const [rows, summed] = await Promise.all([
    queryRows<Row>(
      db,
      sql`${selectRows} where ${where} order by ${orderOf(query)}
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
    queryRows<{ n: number; paid: number; refunded: number }>(
      db,
      sql`select count(*)::int as n,
          coalesce(sum(p.final_amount) filter (where p.status in ('Paid', 'Refunded')), 0)::int as paid,
          coalesce(sum(p.refunded_amount) filter (where p.status in ('Paid', 'Refunded')), 0)::int as refunded
        from payments p where ${where}`,
    ),
  ]);
  const totals = summed[0] ?? { n: 0, paid: 0, refunded: 0 };
  return {
    items: rows.map(toRow),
    total: totals.n,
    totals: { paid: totals.paid, refunded: totals.refunded, net: totals.paid - totals.refunded },
  };
}

/**
 * Every payment matching the filters (up to `PAYMENTS_CSV_LIMIT`) as CSV, in the list's order: the table's
 * columns and cells.
 */
export async function paymentsCsv(db: DbOrTx, timeZone: string, filters: Filters): Promise<string> {
  const rows = await queryRows<Row>(
    db,
    sql`${selectRows} where ${whereOf(filters, timeZone)} order by ${orderOf(filters)} limit ${PAYMENTS_CSV_LIMIT}`,
  );
  return tableCsv(PAYMENT_CSV_COLUMNS, paymentTableRows(rows.map(toRow), timeZone));
}
