/**
 * Who may open a session's day and a child's feed (issue 25; decision 033), computed from today's facts on
 * every request, like messages (conversations/access.ts):
 * - staff: the director, or a teacher assigned to the session (`session_staff`, team/access.ts
 *   `visibleSessions`); a teacher taken off the session loses it at once; another room's session answers 404;
 * - a family: an account mapped to the child (`user_students`: every parent of a family is mapped to every
 *   child, decision 014), so a parent who leaves the family loses the children's feed at once; another
 *   family's child answers 404.
 */
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { HttpError } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { visibleSessions } from '../team/access.ts';

/** 404 for a session, child or post the caller may not reach (or that does not exist). */
export const feedNotFound = () => new HttpError(404, 'feed.notFound');

/** A session as the day's use cases need it. */
export type DaySession = {
  id: number;
  name: string;
  day_schedule: string;
  session_start_date: string;
  session_end_date: string;
};

/** The session `id` if `user` (staff) may open its day; 404 otherwise. */
export async function staffDaySession(db: DbOrTx, user: AuthUser, id: string | number): Promise<DaySession> {
  const sessionId = Number(id);
  if (!Number.isSafeInteger(sessionId) || sessionId <= 0) throw feedNotFound();
  const [row] = await queryRows<DaySession>(
    db,
    sql`select id, name, day_schedule, session_start_date::text as session_start_date,
        session_end_date::text as session_end_date
      from class_sessions where id = ${sessionId} and ${visibleSessions(user)}`,
  );
  if (!row) throw feedNotFound();
  return row;
}

/** The child `studentId` if `userId`'s family answers for them (their first name); 404 otherwise. */
export async function familyChild(
  db: DbOrTx,
  userId: string,
  studentId: string,
): Promise<{ id: string; first_name: string }> {
  if (!isUuid(studentId)) throw feedNotFound();
  const [row] = await queryRows<{ id: string; first_name: string }>(
    db,
    sql`select s.id, s.first_name from students s
      join user_students us on us.student_id = s.id and us.user_id = ${userId}
      where s.id = ${studentId}`,
  );
  if (!row) throw feedNotFound();
  return row;
}

/** Every child `userId`'s family answers for. */
export async function familyChildIds(db: DbOrTx, userId: string): Promise<Set<string>> {
  const rows = await queryRows<{ student_id: string }>(
    db,
    sql`select student_id from user_students where user_id = ${userId}`,
  );
  return new Set(rows.map((r) => r.student_id));
}
