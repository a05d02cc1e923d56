/**
 * Who may reach an incident report (issue 26, part 3; decision 037), computed from today's facts on every
 * request, like the day's feed (day-feed/access.ts):
 * - staff: the director, or a teacher assigned to the report's session (`session_staff`, team/access.ts
 *   `visibleSessions`); another room's report answers 404, exactly like one that does not exist;
 * - a family: an account mapped to one of the involved children (`user_students`: every parent of a family
 *   is mapped to every child, decision 014), so both parents reach it and a parent who leaves loses it at once.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { classSessions, incidentChildren, incidents, userStudents } from '../../db/schema.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { HttpError } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { visibleSessions } from '../team/access.ts';

/** 404 for a report the caller may not reach (or that does not exist). */
export const incidentNotFound = () => new HttpError(404, 'incidents.notFound');

/** A report's row as the use cases read it. */
export type IncidentRow = typeof incidents.$inferSelect & { sessionName: string };

/**
 * The report `id` if `user` (staff) may reach it; 404 otherwise. With `lock`, the row is locked
 * (`FOR UPDATE`) in the caller's transaction, so corrections, signatures and the review happen one at a time.
 */
export async function staffIncident(
  db: DbOrTx,
  user: AuthUser,
  id: string,
  lock = false,
): Promise<IncidentRow> {
  if (!isUuid(id)) throw incidentNotFound();
  const query = db
    .select({ incident: incidents, sessionName: classSessions.name })
    .from(incidents)
    .innerJoin(classSessions, eq(classSessions.id, incidents.classSessionId))
    .where(and(eq(incidents.id, id), visibleSessions(user)));
  const [row] = lock ? await query.for('update', { of: incidents }) : await query;
  if (!row) throw incidentNotFound();
  return { ...row.incident, sessionName: row.sessionName };
}

/** The children of `userId`'s family (the accounts mapped to them: `user_students`). */
export async function familyChildIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: userStudents.studentId })
    .from(userStudents)
    .where(eq(userStudents.userId, userId));
  return rows.map((r) => r.id);
}

/**
 * The report `id` and the family's own children involved in it, if any of `userId`'s children was; 404
 * otherwise (another family's report). With `lock`, the report row is locked in the caller's transaction.
 */
export async function familyIncident(
  db: DbOrTx,
  userId: string,
  id: string,
  lock = false,
): Promise<{ incident: IncidentRow; ownChildIds: string[] }> {
  if (!isUuid(id)) throw incidentNotFound();
  const own = await familyChildIds(db, userId);
  if (own.length === 0) throw incidentNotFound();
  const involved = await db
    .select({ studentId: incidentChildren.studentId })
    .from(incidentChildren)
    .where(and(eq(incidentChildren.incidentId, id), inArray(incidentChildren.studentId, own)));
  if (involved.length === 0) throw incidentNotFound();
  const query = db
    .select({ incident: incidents, sessionName: classSessions.name })
    .from(incidents)
    .innerJoin(classSessions, eq(classSessions.id, incidents.classSessionId))
    .where(eq(incidents.id, id));
  const [row] = lock ? await query.for('update', { of: incidents }) : await query;
  if (!row) throw incidentNotFound();
  return {
    incident: { ...row.incident, sessionName: row.sessionName },
    ownChildIds: involved.map((r) => r.studentId).filter((x): x is string => x !== null),
  };
}

/** A condition on `incidents` keeping the reports `user` (staff) may see. */
export function visibleIncidents(user: AuthUser) {
  if (user.role === 'Admin') return sql`true`;
  return sql`exists (select 1 from session_staff ss
    where ss.class_session_id = "incidents"."class_session_id" and ss.user_id = ${user.id})`;
}
