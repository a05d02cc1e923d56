/**
 * The staff home (issue 24, "Today"): what needs the signed-in staff member now, read in one call.
 *
 * - Today's closures and early dismissals (workspace/calendar.ts); a closed session is not among the sessions.
 * - Sessions meeting today with expected, arrived and gone counts, late pickups and the children with an
 *   allergy in the building: the attendance board's rules (passes/attendance-reports.ts `todaysBoard`), so the
 *   two pages never disagree; a teacher gets their own rooms only (team/access.ts `visibleSessions`).
 * - New inbox items and tour requests, and the tours booked for today (decision 028), for someone with the
 *   inbox (team/access.ts `mayReadInbox`).
 * - Registrations (and priority registrations) opening in the next seven days, in sessions the caller sees.
 * - Scheduled announcements the caller may see (the announcements list's scope).
 * - The director's only: failed automatic payments and what is past due on the family account (billing), and
 *   mail the outbox gave up on in the last seven days, and custody alerts of the last seven days (issue 24:
 *   a pickup the door refused, a parent listing a restricted person; family/custody.ts). A teacher never gets money (`money`, `mailFailed` null).
 * - Incident reports waiting for a family's signature and for the director's review, in the sessions the
 *   caller sees (incidents/incident-reads.ts `incidentCounts`; decision 037).
 * Dates are the center's calendar (`ctx.clock.today()`); amounts are cents.
 */
import type { StaffToday, TodaySession } from '@lc/contract';
import { addDays } from '@lc/contract/zoned-time';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { queryRows } from '../../db/client.ts';
import { announcements, classSessions } from '../../db/schema.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { scope } from '../announcements/staff-announcement-list.ts';
import { overdueSummary } from '../billing/aging.ts';
import { failedPayments } from '../billing/autopay-methods.ts';
import { recentCustodyAlerts } from '../family/custody.ts';
import { listInbox } from '../inbox/inbox-items.ts';
import { incidentCounts } from '../incidents/incident-reads.ts';
import { todaysBoard } from '../passes/attendance-reports.ts';
import { dayBounds } from '../passes/door-today.ts';
import { mayReadInbox, visibleSessions } from '../team/access.ts';
import { listClosures } from './calendar.ts';

/** How many new inbox items Today lists by name (the count covers them all). */
export const TODAY_INBOX_ITEMS = 5;
/** How many undelivered mails Today names, newest first (the count covers them all). */
export const TODAY_FAILED_MAIL = 5;
/** How many scheduled announcements Today lists, soonest first. */
export const TODAY_ANNOUNCEMENTS = 5;

type OpeningRow = { class_session_id: number; name: string; opens_at: Date | string; priority: boolean };

const iso = (at: Date | string) => new Date(at).toISOString();

/** Today's sessions as counts and names, from the attendance board. */
async function sessionsToday(ctx: AppContext, user: AuthUser): Promise<TodaySession[]> {
  const board = await todaysBoard(ctx, user);
  return board.sessions.map((session) => {
    const named = (c: (typeof session.children)[number]) => ({
      studentId: c.studentId,
      firstName: c.firstName,
      lastName: c.lastName,
    });
    return {
      classSessionId: session.classSessionId,
      name: session.name,
      daySchedule: session.daySchedule,
      expected: session.children.length,
      arrived: session.children.filter((c) => c.state !== 'NotArrived').length,
      gone: session.children.filter((c) => c.state === 'Out').length,
      lateAfter: session.lateAfter,
      late: session.children.filter((c) => c.late).map(named),
      allergies: session.children
        .filter((c) => c.state === 'In' && c.allergies.length > 0)
        .map((c) => ({ ...named(c), allergies: c.allergies })),
    };
  });
}

/**
 * Sessions the caller sees whose general or priority registration opens from the start of today to the end of
 * the seventh day after it, soonest first.
 */
async function openingThisWeek(ctx: AppContext, user: AuthUser, today: string) {
  const timeZone = ctx.clock.timeZone;
  const from = dayBounds(today, timeZone).start.toISOString();
  const to = dayBounds(addDays(today, 7), timeZone).end.toISOString();
  const rows = await queryRows<OpeningRow>(
    ctx.db,
    sql`select * from (
        select class_sessions.id as class_session_id, class_sessions.name,
          class_sessions.registration_start_date as opens_at, false as priority
        from class_sessions where ${visibleSessions(user)}
        union all
        select class_sessions.id, class_sessions.name, class_sessions.priority_registration_start_date, true
        from class_sessions where ${visibleSessions(user)}
      ) o
      where o.opens_at >= ${from} and o.opens_at < ${to}
      order by o.opens_at, o.name, o.class_session_id`,
  );
  return rows.map((r) => ({
    classSessionId: r.class_session_id,
    name: r.name,
    opensAt: iso(r.opens_at),
    priority: r.priority,
  }));
}

async function scheduledAnnouncements(ctx: AppContext, user: AuthUser) {
  const rows = await ctx.db
    .select({
      id: announcements.id,
      title: announcements.title,
      sessionName: classSessions.name,
      sendAt: announcements.sendAt,
    })
    .from(announcements)
    .leftJoin(classSessions, eq(classSessions.id, announcements.classSessionId))
    .where(and(scope(user), isNull(announcements.sentAt), isNull(announcements.cancelledAt)))
    .orderBy(asc(announcements.sendAt), asc(announcements.id))
    .limit(TODAY_ANNOUNCEMENTS);
  return rows.map((r) => ({ ...r, sendAt: r.sendAt ? r.sendAt.toISOString() : null }));
}

async function inboxToday(ctx: AppContext, user: AuthUser): Promise<StaffToday['inbox']> {
  if (!(await mayReadInbox(ctx.db, user))) return null;
  const [list, tours] = await Promise.all([
    listInbox(ctx.db, user, {
      status: 'New',
      page: 1,
      pageSize: TODAY_INBOX_ITEMS,
      sort: 'received',
      dir: 'desc',
    }),
    listInbox(ctx.db, user, {
      status: 'New',
      kind: 'tour',
      page: 1,
      pageSize: 1,
      sort: 'received',
      dir: 'desc',
    }),
  ]);
  const { start, end } = dayBounds(ctx.clock.today(), ctx.clock.timeZone);
  const toursToday = await queryRows<{
    id: string;
    familyName: string;
    childName: string | null;
    startsAt: Date | string;
    minutes: number;
  }>(
    ctx.db,
    sql`select c.id, c.first_name || ' ' || c.last_name as "familyName", c.child_name as "childName",
        s.starts_at as "startsAt", s.minutes
      from contact_submissions c join tour_slots s on s.id = c.tour_slot_id
      where s.starts_at >= ${start.toISOString()} and s.starts_at < ${end.toISOString()}
      order by s.starts_at, c.submitted, c.id`,
  );
  return {
    newCount: list.newCount,
    tourRequests: tours.total,
    toursToday: toursToday.map((r) => ({ ...r, startsAt: iso(r.startsAt) })),
    newest: list.items.map((i) => ({
      id: i.id,
      kind: i.kind,
      familyName: i.familyName,
      childName: i.childName,
      submitted: i.submitted,
    })),
  };
}

async function moneyToday(ctx: AppContext, today: string): Promise<StaffToday['money']> {
  const [failed, overdue] = await Promise.all([failedPayments(ctx.db), overdueSummary(ctx.db, today)]);
  return {
    failedCount: failed.items.length,
    failedTotal: failed.total,
    overdueFamilies: overdue.families,
    overdueTotal: overdue.total,
  };
}

/** Mail the outbox gave up on (status Failed) created in the last seven days: the count and the newest five. */
async function failedMail(ctx: AppContext): Promise<StaffToday['mailFailed']> {
  const since = new Date(ctx.clock.now().getTime() - 7 * 86_400_000).toISOString();
  const rows = await queryRows<{ to: string; subject: string; created: Date | string; n: number }>(
    ctx.db,
    sql`select "to", subject, created, (count(*) over ())::int as n from mail_outbox
      where status = 'Failed' and created >= ${since}
      order by created desc, id limit ${TODAY_FAILED_MAIL}`,
  );
  return {
    count: rows[0]?.n ?? 0,
    newest: rows.map((r) => ({ to: r.to, subject: r.subject, created: iso(r.created) })),
  };
}

/** The staff home for `user` (a teacher or the director); the parts they may not see are null. */
export async function staffToday(ctx: AppContext, user: AuthUser): Promise<StaffToday> {
  const today = ctx.clock.today();
  const director = user.role === 'Admin';
  const [
    sessions,
    closures,
    inbox,
    registrationsOpening,
    scheduled,
    money,
    mailFailed,
    custodyAlerts,
    incidents,
  ] = await Promise.all([
    sessionsToday(ctx, user),
    listClosures(ctx.db, user, today, { from: today, to: today }).then((list) => list.items),
    inboxToday(ctx, user),
    openingThisWeek(ctx, user, today),
    scheduledAnnouncements(ctx, user),
    director ? moneyToday(ctx, today) : null,
    director ? failedMail(ctx) : null,
    director ? recentCustodyAlerts(ctx) : null,
    incidentCounts(ctx.db, user),
  ]);
  return {
    date: today,
    at: ctx.clock.now().toISOString(),
    sessions,
    closures,
    inbox,
    registrationsOpening,
    announcements: scheduled,
    money,
    mailFailed,
    custodyAlerts,
    incidents,
  };
}
