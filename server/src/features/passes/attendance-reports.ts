/**
 * What the door recorded, for staff and families (issue 11): today's board per session (who is in, who has
 * left and with whom, who has not arrived, late pickups), and the attendance history filtered by child,
 * session and dates, with its CSV. Staff see only sessions they may see (team/access.ts); a parent only
 * their own children.
 */
import {
  type AttendanceQuery,
  type AttendanceRecord,
  type Board,
  type BoardSession,
  closureOn,
} from '@lc/contract';
import { wallTimeToInstant } from '@lc/contract/zoned-time';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { queryRows } from '../../db/client.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { tableCsv } from '../class-sessions/roster-csv.ts';
import { json } from '../class-sessions/staff-sessions.ts';
import { visibleSessions } from '../team/access.ts';
import { closuresOn } from '../workspace/calendar.ts';
import { graceMinutes, hhmm, parseDaySchedule } from './day-schedule.ts';
import { clockTime, dayBounds, weekday } from './door-today.ts';

/**
 * The most records the history screen gets at once (`truncated` says when there were more): its newest
 * 500. Measured with `npm run bench:staff` (PostgreSQL, 10 connections): the query is 4 ms, the rest is
 * checking and writing the reply, so 1,000 records took p97.5 143 ms and 500 stay under the 100 ms target.
 */
export const HISTORY_LIMIT = 500;
/** The most records one CSV export carries (a file to keep, not a screen). */
export const CSV_LIMIT = 10_000;

type BoardRow = {
  class_session_id: number;
  name: string;
  day_schedule: string;
  late_policy: string | null;
  student_id: string | null;
  first_name: string | null;
  last_name: string | null;
  allergies: string[] | string | null;
};

type EventRow = {
  student_id: string;
  class_session_id: number;
  kind: 'CheckIn' | 'CheckOut';
  timestamp: Date | string;
  adult_name: string | null;
};

/** Today's board for `user`: every visible session meeting today and its enrolled children's state. */
export async function todaysBoard(ctx: AppContext, user: AuthUser): Promise<Board> {
  const today = ctx.clock.today();
  const now = ctx.clock.now();
  const timeZone = ctx.clock.timeZone;
  const rows = await queryRows<BoardRow>(
    ctx.db,
    sql`select class_sessions.id as class_session_id, class_sessions.name, class_sessions.day_schedule,
        p.html_value as late_policy, s.id as student_id, s.first_name, s.last_name,
        (select json_agg(a.name order by a.name) from allergies a where a.student_id = s.id) as allergies
      from class_sessions
      left join policies p on p.id = class_sessions.late_pickup_policy_id
      left join class_session_enrollments e on e.class_session_id = class_sessions.id and e.status = 'Enrolled'
      left join students s on s.id = e.student_id
      where class_sessions.session_start_date <= ${today}
        and class_sessions.session_end_date >= ${today} and ${visibleSessions(user)}
      order by class_sessions.name, class_sessions.id, s.first_name, s.last_name`,
  );
  const day = weekday(today);
  const sessions = new Map<number, BoardSession>();
  const bounds = dayBounds(today, timeZone);
  // The center's calendar (issue 24): a closed session is not on the board; an early dismissal moves pickup.
  const closures = await closuresOn(ctx.db, today);
  for (const row of rows) {
    const schedule = parseDaySchedule(row.day_schedule);
    if (!schedule.days.has(day)) continue;
    const closure = closureOn(closures, today, row.class_session_id);
    if (closure?.kind === 'Closed') continue;
    let session = sessions.get(row.class_session_id);
    if (!session) {
      const endsAt = closure?.dismissAt ?? (schedule.endMinutes === null ? null : hhmm(schedule.endMinutes));
      const lateAfter =
        endsAt === null
          ? null
          : new Date(
              new Date(wallTimeToInstant(`${today}T${endsAt}`, timeZone)!).getTime() +
                graceMinutes(row.late_policy) * 60_000,
            ).toISOString();
      session = {
        classSessionId: row.class_session_id,
        name: row.name,
        daySchedule: row.day_schedule,
        lateAfter,
        earlyDismissal: closure ? { dismissAt: closure.dismissAt!, reason: closure.reason } : null,
        children: [],
      };
      sessions.set(row.class_session_id, session);
    }
    if (row.student_id) {
      session.children.push({
        studentId: row.student_id,
        firstName: row.first_name!,
        lastName: row.last_name!,
        allergies: row.allergies === null ? [] : json(row.allergies),
        state: 'NotArrived',
        checkedInAt: null,
        checkedOutAt: null,
        pickedUpBy: null,
        late: false,
      });
    }
  }
  const ids = [...sessions.keys()];
  if (ids.length > 0) {
    const events = await queryRows<EventRow>(
      ctx.db,
      sql`select student_id, class_session_id, kind, timestamp, adult_name from attendance
        where class_session_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
          and timestamp >= ${bounds.start.toISOString()} and timestamp < ${bounds.end.toISOString()}
        order by timestamp, id`,
    );
    for (const event of events) {
      const child = sessions
        .get(event.class_session_id)
        ?.children.find((c) => c.studentId === event.student_id);
      if (!child) continue;
      const at = new Date(event.timestamp).toISOString();
      if (event.kind === 'CheckIn') {
        child.state = 'In';
        child.checkedInAt ??= at;
        child.checkedOutAt = null;
        child.pickedUpBy = null;
      } else {
        child.state = 'Out';
        child.checkedOutAt = at;
        child.pickedUpBy = event.adult_name;
      }
    }
  }
  for (const session of sessions.values()) {
    for (const child of session.children) {
      child.late = child.state === 'In' && session.lateAfter !== null && now > new Date(session.lateAfter);
    }
  }
  return { date: today, sessions: [...sessions.values()] };
}

type HistoryRow = {
  id: string;
  kind: 'CheckIn' | 'CheckOut';
  timestamp: Date | string;
  student_id: string;
  first_name: string;
  last_name: string;
  class_session_id: number;
  session_name: string;
  trustee_id: string | null;
  adult_name: string | null;
  method: 'Pass' | 'Code' | 'Staff';
  second_factor: 'Pin' | 'Photo' | null;
  staff_name: string | null;
};

/**
 * Attendance records matching `query`, newest first, within `scope` (a condition on `attendance a` and
 * `class_sessions`): at most HISTORY_LIMIT, `truncated` when there were more.
 */
async function history(
  ctx: AppContext,
  scope: SQL,
  query: AttendanceQuery,
  limit = HISTORY_LIMIT,
): Promise<{ records: AttendanceRecord[]; truncated: boolean }> {
  const timeZone = ctx.clock.timeZone;
  const conditions: SQL[] = [scope];
  if (query.studentId) conditions.push(sql`a.student_id::text = ${query.studentId}`);
  if (query.classSessionId) conditions.push(sql`a.class_session_id = ${query.classSessionId}`);
  if (query.from) conditions.push(sql`a.timestamp >= ${dayBounds(query.from, timeZone).start.toISOString()}`);
  if (query.to) conditions.push(sql`a.timestamp < ${dayBounds(query.to, timeZone).end.toISOString()}`);
  const rows = await queryRows<HistoryRow>(
    ctx.db,
    sql`select a.id, a.kind, a.timestamp, a.student_id, s.first_name, s.last_name, a.class_session_id,
        class_sessions.name as session_name, a.trustee_id, a.adult_name, a.method, a.second_factor,
        case when u.id is null then null else u.first_name || ' ' || u.last_name end as staff_name
      from attendance a
      join students s on s.id = a.student_id
      join class_sessions on class_sessions.id = a.class_session_id
      left join users u on u.id = a.staff_user_id
      where ${sql.join(conditions, sql` and `)}
      order by a.timestamp desc, a.id
      limit ${limit + 1}`,
  );
  return {
    truncated: rows.length > limit,
    records: rows.slice(0, limit).map((r) => ({
      id: r.id,
      kind: r.kind,
      timestamp: new Date(r.timestamp).toISOString(),
      studentId: r.student_id,
      childName: `${r.first_name} ${r.last_name}`,
      classSessionId: r.class_session_id,
      sessionName: r.session_name,
      trusteeId: r.trustee_id,
      adultName: r.adult_name,
      method: r.method,
      secondFactor: r.second_factor,
      staffName: r.staff_name,
    })),
  };
}

/**
 * Staff history: sessions `user` may see (a teacher's own rooms; everything for the director); at most
 * `limit` records (HISTORY_LIMIT for the screen, CSV_LIMIT for the export).
 */
export function staffHistory(ctx: AppContext, user: AuthUser, query: AttendanceQuery, limit = HISTORY_LIMIT) {
  return history(ctx, visibleSessions(user), query, limit);
}

/** A family's history: only children of `userId` (another family's child filters to nothing). */
export function familyHistory(ctx: AppContext, userId: string, query: AttendanceQuery) {
  return history(
    ctx,
    sql`a.student_id in (select us.student_id from user_students us where us.user_id = ${userId})`,
    query,
  );
}

const METHOD_WORDS = { Pass: 'Pass scanned', Code: 'Code typed', Staff: 'By staff' } as const;

/** The history as CSV: exactly the columns of the staff screen, times in the center's zone. */
export function historyCsv(records: AttendanceRecord[], timeZone: string): string {
  const dates = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return tableCsv(
    ['Date', 'Time', 'Child', 'Session', 'Event', 'Adult', 'How', 'Second factor', 'Staff'],
    records.map((r) => {
      const at = new Date(r.timestamp);
      return [
        dates.format(at),
        clockTime(at, timeZone),
        r.childName,
        r.sessionName,
        r.kind === 'CheckIn' ? 'Drop-off' : 'Pickup',
        r.adultName ?? '',
        METHOD_WORDS[r.method],
        r.secondFactor === 'Pin' ? 'PIN' : r.secondFactor === 'Photo' ? 'Photo checked' : '',
        r.staffName ?? '',
      ];
    }),
  );
}
