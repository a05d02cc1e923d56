/**
 * A room's licensing ratio (issue 26, decision 038): children present in a session today (checked in at the
 * door and not picked up, from `attendance`) against staff on duty (open punches in that session today), with
 * the program's children per adult (`class_sections.children_per_adult`, contract DEFAULT_CHILDREN_PER_ADULT
 * without a program). The arithmetic is contract `requiredAdults` / `ratioState`.
 *
 * Every change of either count calls {@link recordRatioChanges} in its own transaction: it takes the session's
 * row lock ({@link lockRooms}; decision 006's lock order: sessions in id order), counts, and
 * appends a `ratio_points` row when the numbers moved. Two tablets checking children in at once queue on the
 * lock, so the second counts the first's child and the breach is decided once. A point that puts the room
 * over is the breach: the director is alerted once for it (a push to each director's devices, and Today's
 * line), however many children arrive while it lasts.
 */
import {
  DEFAULT_CHILDREN_PER_ADULT,
  type RatioBreach,
  type RatioHistory,
  type RatioNow,
  type RatioPoint,
  type RatioState,
  ratioState,
  requiredAdults,
  routes,
} from '@lc/contract';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { ratioPoints } from '../../db/schema.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { clockTimeIn, mailT } from '../../i18n/family-mail.ts';
import type { PendingPush } from '../../ports.ts';
import { visibleSessions } from '../team/access.ts';

type CountRow = {
  class_session_id: number;
  name: string;
  children_per_adult: number;
  children: number;
};
type StaffRow = { class_session_id: number; user_id: string; name: string; since: Date | string };

/**
 * The ratio now of each session in `sessionIds` on `day` (unknown ids are left out), in id order: children
 * present, staff on duty by name, required adults and the state. Read `tx`'s view (call it under the lock to
 * decide).
 */
export async function ratiosOf(tx: DbOrTx, sessionIds: number[], day: string): Promise<RatioNow[]> {
  if (sessionIds.length === 0) return [];
  const ids = sql.join(
    sessionIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const counts = await queryRows<CountRow>(
    tx,
    sql`select cs.id as class_session_id, cs.name,
        coalesce(p.children_per_adult, ${DEFAULT_CHILDREN_PER_ADULT})::int as children_per_adult,
        (select count(*)::int from (
          select distinct on (a.student_id) a.kind from attendance a
          where a.class_session_id = cs.id and a.day = ${day}
          order by a.student_id, a.timestamp desc, (a.kind = 'CheckOut') desc
        ) last where last.kind = 'CheckIn') as children
      from class_sessions cs left join class_sections p on p.id = cs.class_section_id
      where cs.id in (${ids}) order by cs.id`,
  );
  const staff = await queryRows<StaffRow>(
    tx,
    sql`select sp.class_session_id, sp.user_id, u.first_name || ' ' || u.last_name as name, sp.in_at as since
      from staff_punches sp join users u on u.id = sp.user_id
      where sp.class_session_id in (${ids}) and sp.day = ${day}
        and sp.out_at is null and sp.superseded_at is null
      order by sp.in_at, u.first_name`,
  );
  return counts.map((row) => {
    const onDuty = staff.filter((s) => s.class_session_id === row.class_session_id);
    return {
      classSessionId: row.class_session_id,
      name: row.name,
      childrenPerAdult: row.children_per_adult,
      children: row.children,
      adults: onDuty.length,
      required: requiredAdults(row.children, row.children_per_adult),
      state: ratioState(row.children, onDuty.length, row.children_per_adult),
      staff: onDuty.map((s) => ({ userId: s.user_id, name: s.name, since: new Date(s.since).toISOString() })),
    };
  });
}

/**
 * Lock the rows of sessions `sessionIds` (ascending ids) for the ratio until the transaction ends; answers
 * the ids in that order. `FOR NO KEY UPDATE`, not `FOR UPDATE`: the door has already inserted its attendance
 * row, whose foreign key holds a `KEY SHARE` lock on the session, and two drop-offs each holding one and
 * asking for `FOR UPDATE` deadlock. `NO KEY UPDATE` still queues every ratio writer of the room behind the
 * other (and behind the seat writers' `FOR UPDATE`, class-sessions/session-lock.ts).
 */
export async function lockRooms(tx: DbOrTx, sessionIds: number[]): Promise<number[]> {
  const ids = [...new Set(sessionIds)].sort((a, b) => a - b);
  for (const id of ids)
    await tx.execute(sql`select id from class_sessions where id = ${id} for no key update`);
  return ids;
}

/** A session's ratio after a change, and whether this change started a breach. */
export type RatioChange = { ratio: RatioNow; breach: boolean };

/**
 * Under each session's row lock (ids in ascending order), count the room and append a history point when its
 * children, adults or ratio moved since the day's last point. `breach` is true when this point went over and
 * the one before it was not (once per breach). Call it inside the transaction that changed the counts.
 */
export async function recordRatioChanges(
  tx: DbOrTx,
  sessionIds: number[],
  at: Date,
  day: string,
): Promise<RatioChange[]> {
  const ids = await lockRooms(tx, sessionIds);
  const ratios = await ratiosOf(tx, ids, day);
  const changes: RatioChange[] = [];
  for (const ratio of ratios) {
    const [last] = await tx
      .select()
      .from(ratioPoints)
      .where(and(eq(ratioPoints.classSessionId, ratio.classSessionId), eq(ratioPoints.day, day)))
      .orderBy(desc(ratioPoints.id))
      .limit(1);
    const moved =
      !last ||
      last.children !== ratio.children ||
      last.adults !== ratio.adults ||
      last.childrenPerAdult !== ratio.childrenPerAdult;
    const breach = ratio.state === 'over' && (last?.state ?? 'ok') !== 'over';
    if (moved)
      await tx.insert(ratioPoints).values({
        classSessionId: ratio.classSessionId,
        day,
        at,
        children: ratio.children,
        adults: ratio.adults,
        required: ratio.required,
        childrenPerAdult: ratio.childrenPerAdult,
        state: ratio.state,
        breach,
      });
    changes.push({ ratio, breach: moved && breach });
  }
  return changes;
}

/**
 * The director's pushes for the breaches among `changes` (one per director and breach, in their language):
 * "Acorn Room is over ratio" / "14 children and 1 adult at 9:12 AM: 2 adults needed." Hand them to
 * `ctx.push.deliver` after the commit (decision 034).
 */
export async function breachPushes(ctx: AppContext, tx: DbOrTx, changes: RatioChange[], at: Date) {
  const breaches = changes.filter((c) => c.breach);
  if (breaches.length === 0) return [];
  const directors = await queryRows<{ id: string; language: string }>(
    tx,
    sql`select id, language from users where type = 'Admin' and closed_at is null`,
  );
  const pushes: PendingPush[] = [];
  for (const { ratio } of breaches)
    for (const director of directors) {
      const t = mailT(director.language);
      pushes.push({
        userId: director.id,
        payload: {
          title: t('duty.overTitle', { room: ratio.name }),
          body: t('duty.overBody', {
            children: t('duty.children', { count: ratio.children }),
            adults: t('duty.adults', { count: ratio.adults }),
            required: t('duty.adults', { count: ratio.required }),
            at: clockTimeIn(at, ctx.clock.timeZone, director.language),
          }),
          url: routes.staff,
          tag: `ratio-${ratio.classSessionId}`,
        },
        ttlSeconds: 60 * 60,
        urgency: 'high',
      });
    }
  return pushes;
}

/** Send the breach pushes in the background, after the commit and outside any lock. */
export function sendBreachPushes(ctx: AppContext, pushes: PendingPush[]): void {
  if (pushes.length > 0) ctx.work.defer('push the director about a ratio', () => ctx.push.deliver(pushes));
}

/** Sessions the caller sees that meet today, with their ids and names (the board's rooms). */
async function sessionsMeetingToday(ctx: AppContext, user: AuthUser, today: string) {
  return queryRows<{ id: number; day_schedule: string }>(
    ctx.db,
    sql`select id, day_schedule from class_sessions
      where session_start_date <= ${today} and session_end_date >= ${today}
        and ${visibleSessions(user)} order by name, id`,
  );
}

/**
 * `GET /api/staff/duty/ratios`: each room the caller sees that runs today (meeting by its schedule, or with
 * a child or an adult in it), its ratio now, and today's breaches in those rooms, newest first.
 */
export async function ratiosToday(
  ctx: AppContext,
  user: AuthUser,
  meetsToday: (daySchedule: string, day: string) => boolean,
) {
  const today = ctx.clock.today();
  const rows = await sessionsMeetingToday(ctx, user, today);
  const ids = rows.map((r) => r.id);
  const all = await ratiosOf(ctx.db, ids, today);
  const order = new Map(ids.map((id, i) => [id, i]));
  const sessions = all
    .filter((r) => {
      const row = rows.find((s) => s.id === r.classSessionId)!;
      return meetsToday(row.day_schedule, today) || r.children > 0 || r.adults > 0;
    })
    .sort((a, b) => order.get(a.classSessionId)! - order.get(b.classSessionId)!);
  const breaches = ids.length === 0 ? [] : await breachesOn(ctx.db, ids, today, sessions);
  return { date: today, at: ctx.clock.now().toISOString(), sessions, breaches };
}

async function breachesOn(db: DbOrTx, ids: number[], day: string, now: RatioNow[]): Promise<RatioBreach[]> {
  const rows = await queryRows<{
    class_session_id: number;
    name: string;
    at: Date | string;
    children: number;
    adults: number;
    required: number;
  }>(
    db,
    sql`select rp.class_session_id, cs.name, rp.at, rp.children, rp.adults, rp.required
      from ratio_points rp join class_sessions cs on cs.id = rp.class_session_id
      where rp.day = ${day} and rp.breach and rp.class_session_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) order by rp.at desc, rp.id desc`,
  );
  const latest = new Set<number>();
  return rows.map((r) => {
    const first = !latest.has(r.class_session_id);
    latest.add(r.class_session_id);
    const state = now.find((n) => n.classSessionId === r.class_session_id)?.state;
    return {
      classSessionId: r.class_session_id,
      name: r.name,
      at: new Date(r.at).toISOString(),
      children: r.children,
      adults: r.adults,
      required: r.required,
      ongoing: first && state === 'over',
    };
  });
}

/**
 * Minutes a day's points spent over ratio: each `over` point lasts until the next point, the last one until
 * `end` (the end of the day, or now for today). Points are in time order. Pure.
 */
export function minutesOver(points: { at: string; state: RatioState }[], end: Date): number {
  let ms = 0;
  points.forEach((point, i) => {
    if (point.state !== 'over') return;
    const until = i + 1 < points.length ? Date.parse(points[i + 1]!.at) : end.getTime();
    ms += Math.max(0, until - Date.parse(point.at));
  });
  return Math.round(ms / 60_000);
}

/**
 * For the inspector: session `classSessionId`'s ratio through each of `days` (ISO dates, the center's days;
 * every point, in order) and the minutes it spent over (until now for today, the day's end for a past day,
 * `dayEnd(day)`). One query for the whole range, read from `ratio_points (class_session_id, day)`. The caller
 * checks who may read it. Returns a map by day; a day without points has none.
 */
export async function sessionRatioHistories(
  db: DbOrTx,
  classSessionId: number,
  days: readonly string[],
  now: Date,
  dayEnd: (day: string) => Date,
): Promise<Map<string, Omit<RatioHistory, 'name'>>> {
  const histories = new Map<string, Omit<RatioHistory, 'name'>>();
  if (days.length === 0) return histories;
  const rows = await db
    .select()
    .from(ratioPoints)
    .where(
      and(
        eq(ratioPoints.classSessionId, classSessionId),
        gte(ratioPoints.day, days[0]!),
        lte(ratioPoints.day, days[days.length - 1]!),
      ),
    )
    .orderBy(asc(ratioPoints.day), asc(ratioPoints.at), asc(ratioPoints.id));
  const pointsByDay = new Map<string, RatioPoint[]>(days.map((day) => [day, []]));
  for (const r of rows) {
    pointsByDay.get(r.day)?.push({
      at: r.at.toISOString(),
      children: r.children,
      adults: r.adults,
      required: r.required,
      state: r.state as RatioState,
    });
  }
  for (const [day, points] of pointsByDay) {
    const end = dayEnd(day);
    histories.set(day, {
      classSessionId,
      day,
      points,
      minutesOver: minutesOver(points, now < end ? now : end),
    });
  }
  return histories;
}

/** `sessionRatioHistories` for one day: the room's ratio through `day` and its minutes over. */
export async function sessionRatioHistory(
  db: DbOrTx,
  classSessionId: number,
  day: string,
  now: Date,
  dayEnd: Date,
): Promise<Omit<RatioHistory, 'name'>> {
  const histories = await sessionRatioHistories(db, classSessionId, [day], now, () => dayEnd);
  return histories.get(day)!;
}

/** One person on duty in a room on a day: a punch in force (out null: still on duty). */
export type StaffOnDuty = { userId: string; name: string; inAt: string; outAt: string | null };

/**
 * For the inspector: who was on duty in session `classSessionId` on each day from `from` to `to` (ISO dates,
 * inclusive): every punch in force (corrections applied), in clock-in order, by day. One query for the range.
 */
export async function sessionStaffOnDays(
  db: DbOrTx,
  classSessionId: number,
  from: string,
  to: string,
): Promise<Map<string, StaffOnDuty[]>> {
  const rows = await queryRows<{
    day: string;
    user_id: string;
    name: string;
    in_at: Date | string;
    out_at: Date | string | null;
  }>(
    db,
    sql`select sp.day::text as day, sp.user_id, u.first_name || ' ' || u.last_name as name, sp.in_at, sp.out_at
      from staff_punches sp join users u on u.id = sp.user_id
      where sp.class_session_id = ${classSessionId} and sp.day between ${from} and ${to}
        and sp.superseded_at is null
      order by sp.day, sp.in_at, sp.id`,
  );
  const byDay = new Map<string, StaffOnDuty[]>();
  for (const r of rows) {
    const list = byDay.get(r.day) ?? [];
    byDay.set(r.day, list);
    list.push({
      userId: r.user_id,
      name: r.name,
      inAt: new Date(r.in_at).toISOString(),
      outAt: r.out_at ? new Date(r.out_at).toISOString() : null,
    });
  }
  return byDay;
}

/** The session's name when `user` sees it, else 404 (another room's id, like an unknown one). */
export async function visibleSessionName(db: DbOrTx, user: AuthUser, id: number): Promise<string> {
  const [row] = await queryRows<{ name: string }>(
    db,
    sql`select name from class_sessions where id = ${id} and ${visibleSessions(user)}`,
  );
  if (!row) throw notFound('session');
  return row.name;
}
