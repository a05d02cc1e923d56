/**
 * The center's calendar (issue 24; contract calendar.ts): closures and early dismissals for the whole center
 * or one session. The director adds and removes them (audited, `closure.add` / `closure.remove`); staff read
 * those touching their sessions (a teacher: the whole center's and their own sessions'); the attendance board,
 * the door and Today read {@link closuresOn} so a closed day expects no one and an early dismissal moves the
 * late-pickup time. Dates are the center's calendar dates.
 */
import type { Closure, ClosureInput, ClosureList, ClosureListQuery } from '@lc/contract';
import { addDays } from '@lc/contract/zoned-time';
import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client.ts';
import { classSessions, closures } from '../../db/schema.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/record.ts';
import { requireAdmin, visibleSessions } from '../team/access.ts';

type ClosureRow = {
  id: string;
  starts_on: string | Date;
  ends_on: string | Date;
  class_session_id: number | null;
  session_name: string | null;
  kind: Closure['kind'];
  dismiss_at: string | null;
  reason: string;
};

/** A `date` column as "YYYY-MM-DD", whether the driver gives a string (pg) or a Date (PGlite). */
export const isoDate = (d: string | Date) =>
  typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10);

const toClosure = (r: ClosureRow): Closure => ({
  id: r.id,
  startsOn: isoDate(r.starts_on),
  endsOn: isoDate(r.ends_on),
  classSessionId: r.class_session_id,
  sessionName: r.session_name,
  kind: r.kind,
  dismissAt: r.dismiss_at,
  reason: r.reason,
});

/**
 * Closures touching `from`–`to` (inclusive), first day first, whole-center ones before a session's; `scope`
 * keeps the sessions' closures a caller may see (an SQL condition on `class_sessions`, or every one).
 */
export async function closuresBetween(
  db: DbOrTx,
  from: string,
  to: string,
  scope = sql`true`,
): Promise<Closure[]> {
  const rows = await queryRows<ClosureRow>(
    db,
    sql`select c.id, c.starts_on, c.ends_on, c.class_session_id, class_sessions.name as session_name, c.kind,
        c.dismiss_at, c.reason
      from closures c left join class_sessions on class_sessions.id = c.class_session_id
      where c.ends_on >= ${from} and c.starts_on <= ${to}
        and (c.class_session_id is null or ${scope})
      order by c.starts_on, c.class_session_id nulls first, c.ends_on, c.id`,
  );
  return rows.map(toClosure);
}

/** Every closure on `day` (the whole center's and every session's): what the board and the door apply. */
export function closuresOn(db: DbOrTx, day: string): Promise<Closure[]> {
  return closuresBetween(db, day, day);
}

/** `GET /api/staff/closures`: from `from` (default today) to `to` (default a year after `from`). */
export async function listClosures(
  db: DbOrTx,
  user: AuthUser,
  today: string,
  query: ClosureListQuery,
): Promise<ClosureList> {
  const from = query.from ?? today;
  const to = query.to ?? addDays(from, 365);
  return { from, to, items: await closuresBetween(db, from, to, visibleSessions(user)) };
}

/**
 * The closures touching `from`–`to` for the sessions `sessionIds` (a family's children's) and the whole
 * center: what a family's calendar and feed show.
 */
export function closuresForSessions(db: DbOrTx, sessionIds: number[], from: string, to: string) {
  const scope =
    sessionIds.length === 0
      ? sql`false`
      : sql`class_sessions.id in (${sql.join(
          sessionIds.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  return closuresBetween(db, from, to, scope);
}

/**
 * The director adds a closure (403 for a teacher). A session that does not exist answers 400 by its field;
 * nothing is written then. Audited in the same transaction.
 */
export async function addClosure(db: Db, actor: AuthUser, input: ClosureInput, now: Date): Promise<Closure> {
  requireAdmin(actor);
  return db.transaction(async (tx) => {
    let sessionName: string | null = null;
    if (input.classSessionId !== null) {
      const [session] = await queryRows<{ name: string }>(
        tx,
        sql`select name from ${classSessions} where id = ${input.classSessionId}`,
      );
      if (!session)
        throw new HttpError(400, 'request.invalidFields', {
          fields: { classSessionId: 'fields.calendar.chooseSession' },
        });
      sessionName = session.name;
    }
    const [row] = await tx
      .insert(closures)
      .values({ ...input, createdBy: actor.id, created: now })
      .returning({ id: closures.id });
    const closure: Closure = { id: row!.id, ...input, sessionName };
    await recordAudit(
      tx,
      {
        actorUserId: actor.id,
        action: 'closure.add',
        entityType: 'closure',
        entityId: closure.id,
        before: null,
        after: closure,
      },
      now,
    );
    return closure;
  });
}

/** The director removes a closure (403 for a teacher, 404 for one that does not exist). Audited. */
export async function removeClosure(db: Db, actor: AuthUser, closureId: string, now: Date): Promise<void> {
  requireAdmin(actor);
  if (!isUuid(closureId)) throw notFound('closure');
  await db.transaction(async (tx) => {
    const [row] = await queryRows<ClosureRow>(
      tx,
      sql`delete from closures c where c.id = ${closureId}
        returning c.id, c.starts_on, c.ends_on, c.class_session_id,
          (select name from class_sessions where id = c.class_session_id) as session_name,
          c.kind, c.dismiss_at, c.reason`,
    );
    if (!row) throw notFound('closure');
    await recordAudit(
      tx,
      {
        actorUserId: actor.id,
        action: 'closure.remove',
        entityType: 'closure',
        entityId: closureId,
        before: toClosure(row),
        after: null,
      },
      now,
    );
  });
}

/** How far ahead a family's calendar looks, in days. */
export const FAMILY_CALENDAR_DAYS = 180;

/**
 * `GET /api/Family/Calendar`: the closures and early dismissals of the next {@link FAMILY_CALENDAR_DAYS} days
 * that touch the sessions `userId`'s children are enrolled in (or have a seat held in), and the whole
 * center's. Another family's sessions never show.
 */
export async function familyCalendar(db: DbOrTx, userId: string, today: string): Promise<ClosureList> {
  const sessions = await queryRows<{ class_session_id: number }>(
    db,
    sql`select distinct e.class_session_id from class_session_enrollments e
      join user_students us on us.student_id = e.student_id
      where us.user_id = ${userId} and e.status in ('Enrolled', 'PendingPayment')`,
  );
  const to = addDays(today, FAMILY_CALENDAR_DAYS);
  const items = await closuresForSessions(
    db,
    sessions.map((s) => s.class_session_id),
    today,
    to,
  );
  return { from: today, to, items };
}
