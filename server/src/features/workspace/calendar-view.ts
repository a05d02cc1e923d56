/**
 * The staff calendar's week and month views (issue 24, "staff see a week and month view of sessions and
 * closures"): each day of the period with the sessions meeting that day — the weekdays their day schedule
 * names, within their dates — and what the center's calendar says of it, a closed day or an early dismissal
 * (contract `closureOn`, the rule the board and the door apply). The director sees every session; a teacher
 * their own (team/access.ts `visibleSessions`) and the closures of the whole center and of their sessions.
 * Dates are the center's calendar dates; hours the center's clock.
 */
import {
  type Closure,
  closureOn,
  type StaffCalendar,
  type StaffCalendarQuery,
  type StaffCalendarSession,
  staffCalendarRange,
} from '@lc/contract';
import { addDays } from '@lc/contract/zoned-time';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { hhmm, parseDaySchedule } from '../passes/day-schedule.ts';
import { visibleSessions } from '../team/access.ts';
import { closuresBetween, isoDate } from './calendar.ts';

/** `GET /api/staff/calendar`: the week (Monday to Sunday) or month holding `query.date` (default `today`). */
export async function staffCalendar(
  db: DbOrTx,
  user: AuthUser,
  today: string,
  query: StaffCalendarQuery,
): Promise<StaffCalendar> {
  const { from, to } = staffCalendarRange(query.view, query.date ?? today);
  const [sessions, closures] = await Promise.all([
    queryRows<{
      id: number;
      name: string;
      start: string | Date;
      end: string | Date;
      schedule: string;
      enrolled: number;
    }>(
      db,
      sql`select class_sessions.id, class_sessions.name, class_sessions.session_start_date as start,
          class_sessions.session_end_date as end, class_sessions.day_schedule as schedule,
          (select count(*)::int from class_session_enrollments e
            where e.class_session_id = class_sessions.id and e.status = 'Enrolled') as enrolled
        from class_sessions
        where class_sessions.session_start_date <= ${to} and class_sessions.session_end_date >= ${from}
          and ${visibleSessions(user)}
        order by class_sessions.name, class_sessions.id`,
    ),
    closuresBetween(db, from, to, visibleSessions(user)),
  ]);
  const meeting = sessions.map((s) => {
    const schedule = parseDaySchedule(s.schedule);
    return {
      ...s,
      start: isoDate(s.start),
      end: isoDate(s.end),
      days: schedule.days,
      startsAt: schedule.startMinutes === null ? null : hhmm(schedule.startMinutes),
      endsAt: schedule.endMinutes === null ? null : hhmm(schedule.endMinutes),
    };
  });
  const days: StaffCalendar['days'] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const onDay: StaffCalendarSession[] = meeting
      .filter((s) => s.start <= date && s.end >= date && s.days.has(weekday))
      .map((s) => {
        const closure = closureOn(closures, date, s.id);
        return {
          id: s.id,
          name: s.name,
          startsAt: s.startsAt,
          endsAt: s.endsAt,
          enrolled: s.enrolled,
          closure: closure
            ? { id: closure.id, kind: closure.kind, dismissAt: closure.dismissAt, reason: closure.reason }
            : null,
        };
      })
      .sort(
        (a, b) =>
          (a.startsAt ?? '99:99').localeCompare(b.startsAt ?? '99:99') || a.name.localeCompare(b.name),
      );
    const touching: Closure[] = closures.filter((c) => c.startsOn <= date && c.endsOn >= date);
    days.push({ date, sessions: onDay, closures: touching });
  }
  return { view: query.view, from, to, today, days };
}
