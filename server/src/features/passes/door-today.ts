/**
 * The door's view of today (issue 11, decision 012): the center's clock and day, the children an adult may
 * bring or take today, and each child's last drop-off or pickup today. Read by the kiosk (door.ts), the
 * staff's hand entries (door-staff.ts) and the attendance reports.
 */
import { type AttendanceKind, closureOn, type DoorState } from '@lc/contract';
import { addDays, wallTimeToInstant } from '@lc/contract/zoned-time';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { closuresOn } from '../workspace/calendar.ts';
import { parseDaySchedule } from './day-schedule.ts';

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** "8:31 AM" in the center's zone. */
export function clockTime(at: Date, timeZone: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
    timeFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** The instants where the center's day `day` ("YYYY-MM-DD") starts and the next one starts. */
export function dayBounds(day: string, timeZone: string): { start: Date; end: Date } {
  return {
    start: new Date(wallTimeToInstant(`${day}T00:00`, timeZone)!),
    end: new Date(wallTimeToInstant(`${addDays(day, 1)}T00:00`, timeZone)!),
  };
}

/** 0 = Sunday … 6 = Saturday of a calendar date. */
export const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/** A child an adult may bring or take today, in one session meeting today. */
export type TodayRow = {
  student_id: string;
  first_name: string;
  last_name: string;
  class_session_id: number;
  session_name: string;
  day_schedule: string;
  allergies: string[] | string;
};

/**
 * The children `trusteeId` may bring or take today, one row per child and session meeting today (not closed on
 * the center's calendar).
 */
export async function childrenToday(db: DbOrTx, trusteeId: string, today: string): Promise<TodayRow[]> {
  const rows = await queryRows<TodayRow>(
    db,
    sql`select s.id as student_id, s.first_name, s.last_name, cs.id as class_session_id,
        cs.name as session_name, cs.day_schedule,
        coalesce((select json_agg(a.name order by a.name) from allergies a where a.student_id = s.id), '[]'::json)
          as allergies
      from student_trustees st
      join students s on s.id = st.student_id
      join class_session_enrollments e on e.student_id = s.id and e.status = 'Enrolled'
      join class_sessions cs on cs.id = e.class_session_id
      where st.trustee_id = ${trusteeId}
        and cs.session_start_date <= ${today} and cs.session_end_date >= ${today}
      order by s.first_name, s.last_name, cs.name`,
  );
  const day = weekday(today);
  // The center's calendar (issue 24): on a closed day the door expects no one in that session.
  const closures = await closuresOn(db, today);
  return rows.filter(
    (r) =>
      parseDaySchedule(r.day_schedule).days.has(day) &&
      closureOn(closures, today, r.class_session_id)?.kind !== 'Closed',
  );
}

/** A child's last drop-off or pickup in one session today. */
export type LastEvent = {
  student_id: string;
  class_session_id: number;
  kind: AttendanceKind;
  timestamp: Date | string;
  adult_name: string | null;
  trustee_id: string | null;
};

/** The key of a (child, session) in {@link lastEventsToday}'s map. */
export const eventKey = (studentId: string, classSessionId: number) => `${studentId}:${classSessionId}`;

/** The last event today of each (child, session) among `studentIds`, by {@link eventKey}. */
export async function lastEventsToday(
  db: DbOrTx,
  studentIds: string[],
  bounds: { start: Date; end: Date },
): Promise<Map<string, LastEvent>> {
  if (studentIds.length === 0) return new Map();
  const rows = await queryRows<LastEvent>(
    db,
    sql`select distinct on (a.student_id, a.class_session_id) a.student_id, a.class_session_id, a.kind,
        a.timestamp, a.adult_name, a.trustee_id
      from attendance a
      where a.student_id in (${sql.join(
        studentIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
        and a.timestamp >= ${bounds.start.toISOString()} and a.timestamp < ${bounds.end.toISOString()}
      order by a.student_id, a.class_session_id, a.timestamp desc, a.id`,
  );
  return new Map(rows.map((r) => [eventKey(r.student_id, r.class_session_id), r]));
}

/** Where a child is after their last event today: not arrived, in, or out. */
export const stateOf = (last: LastEvent | undefined): DoorState =>
  !last ? 'NotArrived' : last.kind === 'CheckIn' ? 'In' : 'Out';

/** "Checked in at 8:31 AM by Ana Diaz" / "Picked up at …", or null before the first event today. */
export function describe(last: LastEvent | undefined, timeZone: string): string | null {
  if (!last) return null;
  const at = clockTime(new Date(last.timestamp), timeZone);
  const by = last.adult_name ? ` by ${last.adult_name}` : '';
  return last.kind === 'CheckIn' ? `Checked in at ${at}${by}` : `Picked up at ${at}${by}`;
}

/**
 * Give every door record the center's date of its instant in `timeZone` as its `day`. Migration 0032 wrote the
 * days of the records before it in America/Los_Angeles (the default CENTER_TIMEZONE; a migration cannot read the
 * configuration), so a center in another zone, or one whose zone was changed, is corrected here at start; the
 * door writes `day` with every new record, so afterwards nothing differs and nothing is written. Answers how
 * many records changed. Runs under the start-up lock (startup.ts).
 */
export async function correctAttendanceDays(db: DbOrTx, timeZone: string): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update attendance set day = (timestamp at time zone ${timeZone})::date
      where day <> (timestamp at time zone ${timeZone})::date returning id`,
  );
  return rows.length;
}
