/**
 * The director's reports (issue 24, "Reports with charts"; contract `staff-reports.ts` says what each column
 * holds): enrollment over time and occupancy by session, revenue by month (from the ledger, so it agrees with
 * every other money screen to the cent), attendance by session and absences by child (honouring the center's
 * calendar: a closed day expects no one), the waitlist's offers, and inquiries by how far they went. Each is a
 * few aggregate queries over the range, never a row per record in JavaScript, so three years of a center answer
 * within the 200 ms p95 target (`npm run bench:reports`). Dates are the center's calendar days (both ends
 * included), months "YYYY-MM" in its time zone, money cents.
 */
import {
  closureOn,
  monthsOf,
  percentOf,
  REPORTS,
  type Report,
  type ReportKind,
  type ReportQuery,
  type ReportRow,
  reportRange,
  reportTableRows,
} from '@lc/contract';
import { addDays, wallTimeToInstant } from '@lc/contract/zoned-time';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { ledgerMonths, owedBy } from '../billing/revenue.ts';
import { tableCsv } from '../class-sessions/roster-csv.ts';
import { parseDaySchedule } from '../passes/day-schedule.ts';
import { weekday } from '../passes/door-today.ts';
import { closuresBetween, isoDate } from '../workspace/calendar.ts';

type Range = { from: string; to: string; timeZone: string; today: string };
type Built = Pick<Report, 'rows' | 'totals'> & {
  sessions?: Report['sessions'];
  classSessionId?: number | null;
};

/** The instant the center's day `day` begins. */
const dayStart = (day: string, timeZone: string) => new Date(wallTimeToInstant(`${day}T00:00`, timeZone)!);

/** A Postgres array literal of numbers or ISO dates (values are ours, never a caller's text). */
const arrayLiteral = (values: readonly (number | string)[]) => `{${values.join(',')}}`;
/** A text array literal of `values`, each quoted (they hold no quotes or backslashes: digits, dates, commas, braces). */
const textArray = (values: readonly string[]) => `{${values.map((v) => `"${v}"`).join(',')}}`;

/** Sessions meeting on some day of the range that are offered or had a child: what capacity counts. */
const sessionsInRange = (
  r: Range,
) => sql`s.session_start_date <= ${r.to}::date and s.session_end_date >= ${r.from}::date
  and (s.is_active or exists (select 1 from class_session_enrollments e0 where e0.class_session_id = s.id
    and e0.status in ('Enrolled', 'Withdrawn')))`;

/** Each month: children holding a place in a session meeting that month, the places, and the occupancy. */
async function enrollment(db: DbOrTx, r: Range): Promise<Built> {
  const months = monthsOf(r.from, r.to);
  const rows = await queryRows<{ month: string; capacity: number; enrolled: number }>(
    db,
    sql`with months as (
        select to_char(m, 'YYYY-MM') as month, m::date as first_day, (m + interval '1 month' - interval '1 day')::date as last_day
        from generate_series(${`${months[0]}-01`}::date, ${`${months.at(-1)}-01`}::date, interval '1 month') m
      ), meeting as materialized (
        select months.month, months.first_day, months.last_day, s.id, s.roster_size
        from months join class_sessions s on s.session_start_date <= months.last_day
          and s.session_end_date >= months.first_day
          and (s.is_active or exists (select 1 from class_session_enrollments e0 where e0.class_session_id = s.id
            and e0.status in ('Enrolled', 'Withdrawn')))
      ), held as (
        select m.month, count(*)::int as enrolled
        from meeting m join class_session_enrollments e on e.class_session_id = m.id
        where e.status in ('Enrolled', 'Withdrawn')
          and (e.created at time zone ${r.timeZone})::date <= m.last_day
          and (e.status = 'Enrolled' or (e.withdrawn_at at time zone ${r.timeZone})::date >= m.first_day)
        group by m.month
      )
      select m.month, sum(m.roster_size)::int as capacity, coalesce(max(h.enrolled), 0)::int as enrolled
      from meeting m left join held h on h.month = m.month group by m.month`,
  );
  const byMonth = new Map(rows.map((x) => [x.month, x]));
  return {
    rows: months.map((month) => {
      const x = byMonth.get(month) ?? { capacity: 0, enrolled: 0 };
      return {
        month,
        enrolled: x.enrolled,
        capacity: x.capacity,
        occupancy: percentOf(x.enrolled, x.capacity),
      };
    }),
    totals: null,
  };
}

/** Each session meeting in the range: places, enrolled now, withdrew, waiting, occupancy; first day first. */
async function occupancy(db: DbOrTx, r: Range): Promise<Built> {
  const rows = await queryRows<{
    name: string;
    capacity: number;
    enrolled: number;
    withdrawn: number;
    waiting: number;
  }>(
    db,
    sql`select s.name, s.roster_size as capacity,
        (select count(*)::int from class_session_enrollments e where e.class_session_id = s.id and e.status = 'Enrolled') as enrolled,
        (select count(*)::int from class_session_enrollments e where e.class_session_id = s.id and e.status = 'Withdrawn') as withdrawn,
        (select count(*)::int from waitlist_submissions w where w.class_session_id = s.id and w.status = 'Waiting') as waiting
      from class_sessions s where ${sessionsInRange(r)}
      order by s.session_start_date, s.name, s.id`,
  );
  return {
    rows: rows.map((x) => ({ session: x.name, ...x, occupancy: percentOf(x.enrolled, x.capacity) })),
    totals: null,
  };
}

/** Whole months of the ledger touching the range; owed carries everything before the first month. */
async function revenue(db: DbOrTx, r: Range): Promise<Built> {
  const months = monthsOf(r.from, r.to);
  const ledger = await ledgerMonths(db, r.timeZone);
  let outstanding = ledger.filter((m) => m.month < months[0]!).reduce((n, m) => n + owedBy(m), 0);
  const byMonth = new Map(ledger.map((m) => [m.month, m]));
  const rows = months.map((month) => {
    const m = byMonth.get(month) ?? { month, charged: 0, received: 0, refunded: 0 };
    outstanding += owedBy(m);
    return { month, charged: m.charged, received: m.received, refunded: m.refunded, outstanding };
  });
  const sum = (key: 'charged' | 'received' | 'refunded') => rows.reduce((n, m) => n + m[key], 0);
  return {
    rows,
    totals: {
      month: 'Total',
      charged: sum('charged'),
      received: sum('received'),
      refunded: sum('refunded'),
      outstanding,
    },
  };
}

type PlaceDays = {
  class_session_id: number;
  session_name: string;
  student_id: string;
  first_name: string;
  last_name: string;
  expected: number;
  attended: number;
};

/**
 * Each child's expected and attended days per session in the range, up to yesterday (today is not over, so a
 * child not in yet is not absent yet): the days the session meets
 * (its day schedule's weekdays within its dates, closed days left out; an early dismissal still counts) from
 * the day the place was taken until the day before a withdrawal; attended is a day with a check-in.
 */
async function placeDays(db: DbOrTx, r: Range, onlySession?: number): Promise<PlaceDays[]> {
  const yesterday = addDays(r.today, -1);
  const last = r.to < yesterday ? r.to : yesterday;
  if (last < r.from) return [];
  const sessions = await queryRows<{
    id: number;
    start: string | Date;
    end: string | Date;
    schedule: string;
  }>(
    db,
    sql`select s.id, s.session_start_date as start, s.session_end_date as end, s.day_schedule as schedule
      from class_sessions s where ${sessionsInRange({ ...r, to: last })}
        ${onlySession === undefined ? sql`` : sql`and s.id = ${onlySession}`}`,
  );
  if (sessions.length === 0) return [];
  const closures = await closuresBetween(db, r.from, last);
  // Each session's expected days in the range (ascending), and the days it meets but was closed.
  const expectedDays = new Map<number, string[]>();
  // Per session (in `sessions`' order): the weekdays it meets as an array literal ("{1,2,3,4,5}", 0 = Sunday)
  // and its closed days ("{2026-11-26,2026-11-27}").
  const weekdays: string[] = [];
  const closed: string[] = [];
  for (const s of sessions) {
    const meets = parseDaySchedule(s.schedule).days;
    weekdays.push(arrayLiteral([...meets]));
    const list: string[] = [];
    const closedDays: string[] = [];
    const start = isoDate(s.start) > r.from ? isoDate(s.start) : r.from;
    const end = isoDate(s.end) < last ? isoDate(s.end) : last;
    for (let day = start; day <= end; day = addDays(day, 1)) {
      if (!meets.has(weekday(day))) continue;
      if (closureOn(closures, day, s.id)?.kind === 'Closed') closedDays.push(day);
      else list.push(day);
    }
    expectedDays.set(s.id, list);
    closed.push(`{${closedDays.join(',')}}`);
  }
  const ids = sessions.map((s) => s.id);
  // Per place: the days it was held, and the distinct days with a check-in that were expected — within the
  // session's dates and the range, from the day the place was taken to a withdrawal, on a weekday it meets, not
  // a closed day — counted for each place by one range of `attendance_check_in_day_idx`, read from the index
  // alone (the door writes each record's day in the center's zone, so no row's instant is converted here; one
  // join of all the range's check-ins with the places, then grouped, was 4× slower on three years). The place's
  // last day is in the range's bound (`least` passes over a null: no withdrawal), and the weekday is whole days
  // since a Sunday (1900-01-07), so each index entry costs no time-zone or text conversion.
  const rows = await queryRows<{
    class_session_id: number;
    session_name: string;
    student_id: string;
    first_name: string;
    last_name: string;
    from_day: string | Date;
    until_day: string | Date | null;
    attended: number;
  }>(
    db,
    sql`with meets as materialized (
        select m.session_id, m.weekdays::int[] as weekdays, m.closed::date[] as closed
        from unnest(${arrayLiteral(ids)}::int[], ${textArray(weekdays)}::text[], ${textArray(closed)}::text[])
          as m(session_id, weekdays, closed)
      ), places as (
        select e.class_session_id, e.student_id, (e.created at time zone ${r.timeZone})::date as from_day,
          (e.withdrawn_at at time zone ${r.timeZone})::date as until_day
        from class_session_enrollments e
        where e.status in ('Enrolled', 'Withdrawn') and e.class_session_id = any(${arrayLiteral(ids)}::int[])
      )
      select p.class_session_id, s.name as session_name, p.student_id, st.first_name, st.last_name,
        p.from_day, p.until_day,
        (select count(distinct a.day)::int from attendance a
          where a.kind = 'CheckIn' and a.class_session_id = p.class_session_id and a.student_id = p.student_id
            and a.day >= greatest(p.from_day, s.session_start_date, ${r.from}::date)
            and a.day <= least(s.session_end_date, ${last}::date, p.until_day - 1)
            and (a.day - date '1900-01-07') % 7 = any(m.weekdays)
            and a.day <> all(m.closed)
        ) as attended
      from places p
      join meets m on m.session_id = p.class_session_id
      join class_sessions s on s.id = p.class_session_id
      join students st on st.id = p.student_id
      order by s.session_start_date, s.name, p.class_session_id`,
  );
  // Expected days per place: the session's expected days from the day it was taken until a withdrawal.
  const countFrom = (list: string[], from: string, until: string | null) =>
    lowerBound(list, until ?? '9999-12-31') - lowerBound(list, from);
  const byPlace = new Map<string, PlaceDays>();
  for (const row of rows) {
    const expected = countFrom(
      expectedDays.get(row.class_session_id) ?? [],
      isoDate(row.from_day),
      row.until_day === null ? null : isoDate(row.until_day),
    );
    const key = `${row.class_session_id}:${row.student_id}`;
    const place = byPlace.get(key);
    if (place) {
      place.expected += expected;
      place.attended += row.attended;
    } else if (expected > 0 || row.attended > 0) {
      byPlace.set(key, { ...row, expected, attended: row.attended });
    }
  }
  return [...byPlace.values()].filter((p) => p.expected > 0);
}

/** How many of the ascending ISO dates `list` come before `day`. */
function lowerBound(list: string[], day: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Each session's child-days expected and attended, absences and rate, and the range's totals. */
async function attendance(db: DbOrTx, r: Range): Promise<Built> {
  const bySession = new Map<number, { session: string; expected: number; attended: number }>();
  for (const p of await placeDays(db, r)) {
    const s = bySession.get(p.class_session_id) ?? { session: p.session_name, expected: 0, attended: 0 };
    s.expected += p.expected;
    s.attended += p.attended;
    bySession.set(p.class_session_id, s);
  }
  const row = (x: { expected: number; attended: number }) => ({
    expected: x.expected,
    attended: x.attended,
    absences: x.expected - x.attended,
    rate: percentOf(x.attended, x.expected),
  });
  const rows = [...bySession.values()].map((s) => ({ session: s.session, ...row(s) }));
  const sum = (key: 'expected' | 'attended') => rows.reduce((n, s) => n + s[key], 0);
  return {
    rows,
    totals: rows.length
      ? { session: 'All sessions', ...row({ expected: sum('expected'), attended: sum('attended') }) }
      : null,
  };
}

/**
 * One session's children with their absences, most first (then by name). The session is the asked one, else
 * the first meeting in the range; `sessions` lists the choices. An asked session outside the range has no rows.
 */
async function absences(db: DbOrTx, r: Range, asked: number | undefined): Promise<Built> {
  const sessions = await queryRows<{ id: number; name: string }>(
    db,
    sql`select s.id, s.name from class_sessions s where ${sessionsInRange(r)}
      order by s.session_start_date, s.name, s.id`,
  );
  const classSessionId = asked ?? sessions[0]?.id ?? null;
  if (classSessionId === null) return { rows: [], totals: null, sessions, classSessionId };
  const rows = (await placeDays(db, r, classSessionId))
    .map((p) => ({
      child: `${p.first_name} ${p.last_name}`,
      expected: p.expected,
      attended: p.attended,
      absences: p.expected - p.attended,
      rate: percentOf(p.attended, p.expected),
    }))
    .sort((a, b) => b.absences - a.absences || a.child.localeCompare(b.child));
  return { rows, totals: null, sessions, classSessionId };
}

/**
 * Each month: joined (by the day they joined), offers made, accepted and lapsed (by the day of the offer: an
 * offer's lapse time less the offer window), and the median hours from offer to the place it became.
 */
async function waitlist(db: DbOrTx, r: Range, offerHours: number): Promise<Built> {
  const months = monthsOf(r.from, r.to);
  const from = dayStart(r.from, r.timeZone);
  const until = dayStart(addDays(r.to, 1), r.timeZone);
  const rows = await queryRows<{
    month: string;
    joined: number;
    offered: number;
    accepted: number;
    lapsed: number;
    hours: number | null;
  }>(
    db,
    sql`with joined as (
        select to_char(w.created at time zone ${r.timeZone}, 'YYYY-MM') as month, count(*)::int as n
        from waitlist_submissions w where w.created >= ${from} and w.created < ${until} group by 1
      ), offers as (
        select w.status, w.class_session_id, w.student_id,
          w.expires - make_interval(hours => ${offerHours}) as offered_at
        from waitlist_submissions w
        where w.expires is not null and w.status in ('Offered', 'Accepted', 'Expired')
      ), offered as (
        select to_char(o.offered_at at time zone ${r.timeZone}, 'YYYY-MM') as month, count(*)::int as n,
          count(*) filter (where o.status = 'Accepted')::int as accepted,
          count(*) filter (where o.status = 'Expired')::int as lapsed,
          percentile_cont(0.5) within group (order by (select extract(epoch from min(e.created) - o.offered_at) / 3600
            from class_session_enrollments e where e.class_session_id = o.class_session_id
              and e.student_id = o.student_id and e.created >= o.offered_at - interval '1 minute')) as hours
        from offers o where o.offered_at >= ${from} and o.offered_at < ${until} group by 1
      )
      select coalesce(j.month, o.month) as month, coalesce(j.n, 0) as joined, coalesce(o.n, 0) as offered,
        coalesce(o.accepted, 0) as accepted, coalesce(o.lapsed, 0) as lapsed, o.hours
      from joined j full join offered o on o.month = j.month`,
  );
  const byMonth = new Map(rows.map((x) => [x.month, x]));
  return {
    rows: months.map((month) => {
      const x = byMonth.get(month);
      return {
        month,
        joined: x?.joined ?? 0,
        offered: x?.offered ?? 0,
        accepted: x?.accepted ?? 0,
        lapsed: x?.lapsed ?? 0,
        hoursToFill: x?.hours === null || x?.hours === undefined ? null : Math.round(Number(x.hours)),
      };
    }),
    totals: null,
  };
}

/**
 * Each month's website inquiries by how far they went: received; replied (a reply was mailed, or the inquiry
 * moved past New); toured (Toured or Enrolled); enrolled. A closed inquiry counts for what it reached.
 */
async function inquiries(db: DbOrTx, r: Range): Promise<Built> {
  const months = monthsOf(r.from, r.to);
  const rows = await queryRows<{
    month: string;
    received: number;
    replied: number;
    toured: number;
    enrolled: number;
  }>(
    db,
    sql`select to_char(c.submitted at time zone ${r.timeZone}, 'YYYY-MM') as month, count(*)::int as received,
        count(*) filter (where c.status in ('Replied', 'Toured', 'Enrolled') or exists (select 1 from inbox_entries i
          where i.contact_submission_id = c.id and i.kind = 'Reply'))::int as replied,
        count(*) filter (where c.status in ('Toured', 'Enrolled'))::int as toured,
        count(*) filter (where c.status = 'Enrolled')::int as enrolled
      from contact_submissions c
      where c.submitted >= ${dayStart(r.from, r.timeZone)} and c.submitted < ${dayStart(addDays(r.to, 1), r.timeZone)}
      group by 1`,
  );
  const byMonth = new Map(rows.map((x) => [x.month, x]));
  const zero = { received: 0, replied: 0, toured: 0, enrolled: 0 };
  const out = months.map((month) => {
    const { received, replied, toured, enrolled } = byMonth.get(month) ?? zero;
    return { month, received, replied, toured, enrolled };
  });
  const sum = (key: keyof typeof zero) => out.reduce((n, m) => n + m[key], 0);
  return {
    rows: out,
    totals: {
      month: 'Total',
      received: sum('received'),
      replied: sum('replied'),
      toured: sum('toured'),
      enrolled: sum('enrolled'),
    },
  };
}

/**
 * The report `kind` over the query's range (defaults in contract `reportRange`), for the director. Rows are
 * keyed by the report's columns (contract `REPORTS`).
 */
export async function buildReport(ctx: AppContext, kind: ReportKind, query: ReportQuery): Promise<Report> {
  const today = ctx.clock.today();
  const range = { ...reportRange(query, today), timeZone: ctx.clock.timeZone, today };
  const db = ctx.db;
  const built: Built =
    kind === 'enrollment'
      ? await enrollment(db, range)
      : kind === 'occupancy'
        ? await occupancy(db, range)
        : kind === 'revenue'
          ? await revenue(db, range)
          : kind === 'attendance'
            ? await attendance(db, range)
            : kind === 'absences'
              ? await absences(db, range, query.classSessionId)
              : kind === 'waitlist'
                ? await waitlist(db, range, ctx.config.waitlistOfferHours)
                : await inquiries(db, range);
  const columns = REPORTS[kind].columns;
  const pick = (row: Record<string, unknown>): ReportRow =>
    Object.fromEntries(columns.map((c) => [c.key, (row[c.key] ?? null) as ReportRow[string]]));
  return {
    kind,
    from: range.from,
    to: range.to,
    columns,
    rows: built.rows.map(pick),
    totals: built.totals ? pick(built.totals) : null,
    sessions: built.sessions ?? [],
    classSessionId: built.classSessionId ?? null,
  };
}

/** The report as CSV: its columns' labels, then exactly the table's cells (contract `reportTableRows`). */
export function reportCsv(report: Report): string {
  return tableCsv(
    report.columns.map((c) => c.label),
    reportTableRows(report),
  );
}
