/**
 * A parent's calendar subscription (issue 24): an iCalendar feed (RFC 5545, written by ical-generator) at a
 * secret address the parent can reset or turn off. Only the SHA-256 of the address's token is stored
 * (`calendar_feeds`, decision 017), so the address is shown once when made; a reset replaces it and the old
 * one answers 404 at once.
 *
 * The feed holds, from 30 days ago to 180 days ahead: each day a child of the family has a session (the
 * session's days and hours from its schedule, in the center's time zone; a day without readable hours is an
 * all-day event), with the names of the family's children in it, shortened by an early dismissal and left out
 * on a closed day; and every closure and early dismissal of those sessions and of the whole center, as
 * all-day events. Event ids are stable, so a calendar app updates rather than duplicates.
 */
import { randomBytes } from 'node:crypto';
import { type CalendarFeed, type CalendarFeedStatus, closureOn } from '@lc/contract';
import { addDays, wallTimeToInstant } from '@lc/contract/zoned-time';
import { eq, sql } from 'drizzle-orm';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { calendarFeeds } from '../../db/schema.ts';
import { sha256 } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { hhmm, parseDaySchedule } from '../passes/day-schedule.ts';
import { weekday } from '../passes/door-today.ts';
import { closuresForSessions, isoDate } from './calendar.ts';

/** Days before today the feed still carries. */
export const FEED_DAYS_BEHIND = 30;
/** Days after today the feed carries. */
export const FEED_DAYS_AHEAD = 180;

type SessionRow = {
  class_session_id: number;
  name: string;
  day_schedule: string;
  session_start_date: string | Date;
  session_end_date: string | Date;
  children: string[] | string;
};

const asDate = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** Whether `userId` has a feed, and since when. */
export async function feedStatus(db: DbOrTx, userId: string): Promise<CalendarFeedStatus> {
  const [row] = await db
    .select({ created: calendarFeeds.created })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return { active: Boolean(row), created: row ? row.created.toISOString() : null };
}

/** A new secret address for `userId` (any earlier one stops working); the token is 256 random bits. */
export async function createFeed(
  db: DbOrTx,
  userId: string,
  appUrl: string,
  now: Date,
): Promise<CalendarFeed> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: sha256(token), created: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: sha256(token), created: now } });
  return { url: `${appUrl.replace(/\/$/, '')}/api/calendar/${token}`, created: now.toISOString() };
}

/** Turn `userId`'s feed off (nothing to do when there is none). */
export async function removeFeed(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/**
 * The iCalendar text of the feed at `token`, as of `today` (the center's date) in `timeZone`. 404 for an
 * address that is unknown, reset or turned off.
 */
export async function feedCalendar(
  db: DbOrTx,
  token: string,
  today: string,
  timeZone: string,
  centerName: string,
): Promise<string> {
  const [feed] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, sha256(token)));
  if (!feed) throw notFound('page');
  const from = addDays(today, -FEED_DAYS_BEHIND);
  const to = addDays(today, FEED_DAYS_AHEAD);
  const sessions = await queryRows<SessionRow>(
    db,
    sql`select cs.id as class_session_id, cs.name, cs.day_schedule, cs.session_start_date, cs.session_end_date,
        json_agg(distinct s.first_name) as children
      from class_session_enrollments e
      join user_students us on us.student_id = e.student_id
      join students s on s.id = e.student_id
      join class_sessions cs on cs.id = e.class_session_id
      where us.user_id = ${feed.userId} and e.status in ('Enrolled', 'PendingPayment')
        and cs.session_end_date >= ${from} and cs.session_start_date <= ${to}
      group by cs.id
      order by cs.session_start_date, cs.name`,
  );
  const closures = await closuresForSessions(
    db,
    sessions.map((s) => s.class_session_id),
    from,
    to,
  );

  const calendar = ical({ name: `${centerName}`, method: ICalCalendarMethod.PUBLISH, ttl: 60 * 60 * 6 });
  for (const session of sessions) {
    const schedule = parseDaySchedule(session.day_schedule);
    const names = (
      typeof session.children === 'string' ? (JSON.parse(session.children) as string[]) : session.children
    )
      .slice()
      .sort();
    const first = [isoDate(session.session_start_date), from].sort()[1]!;
    const last = [isoDate(session.session_end_date), to].sort()[0]!;
    for (let day = first; day <= last; day = addDays(day, 1)) {
      if (!schedule.days.has(weekday(day))) continue;
      const closure = closureOn(closures, day, session.class_session_id);
      if (closure?.kind === 'Closed') continue;
      const summary = `${names.join(' & ')} · ${session.name}`;
      const id = `session-${session.class_session_id}-${day}@learning-center`;
      const ends = closure?.dismissAt ?? (schedule.endMinutes === null ? null : hhmm(schedule.endMinutes));
      if (schedule.startMinutes === null || ends === null) {
        calendar.createEvent({ id, summary, start: asDate(day), allDay: true });
        continue;
      }
      calendar.createEvent({
        id,
        summary,
        start: new Date(wallTimeToInstant(`${day}T${hhmm(schedule.startMinutes)}`, timeZone)!),
        end: new Date(wallTimeToInstant(`${day}T${ends}`, timeZone)!),
        description: closure ? `Home early today: ${closure.reason}` : session.day_schedule,
      });
    }
  }
  for (const closure of closures) {
    const where = closure.sessionName ?? centerName;
    calendar.createEvent({
      id: `closure-${closure.id}@learning-center`,
      summary:
        closure.kind === 'Closed'
          ? `Closed: ${closure.reason} (${where})`
          : `Home early at ${closure.dismissAt}: ${closure.reason} (${where})`,
      start: asDate(closure.startsOn),
      end: asDate(addDays(closure.endsOn, 1)),
      allDay: true,
    });
  }
  return calendar.toString();
}
