/**
 * Who may read and change a child's health record (issue 26 part 1; decision 035), computed on every request
 * like the day's feed (day-feed/access.ts):
 * - a family: an account mapped to the child (`user_students`: every parent of a family is mapped to every
 *   child, decision 014), so a co-parent reads and writes it and a parent who leaves loses it at once;
 * - staff: the director, any child; a teacher, only a child Enrolled in a session they are assigned to
 *   (`session_staff`, team/access.ts `visibleSessions`); anything else answers 404, like an unknown id.
 */
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { HttpError } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { visibleSessions } from '../team/access.ts';

/** 404 for a child, dose or document the caller may not reach (or that does not exist). */
export const healthNotFound = () => new HttpError(404, 'health.notFound');

/** A child as the record's use cases need them. */
export type HealthChild = { id: string; first_name: string; last_name: string; date_of_birth: string };

const childColumns = sql`s.id, s.first_name, s.last_name, s.date_of_birth::text as date_of_birth`;

/** The child `studentId` if `userId`'s family answers for them; 404 otherwise. */
export async function familyHealthChild(db: DbOrTx, userId: string, studentId: string): Promise<HealthChild> {
  if (!isUuid(studentId)) throw healthNotFound();
  const [row] = await queryRows<HealthChild>(
    db,
    sql`select ${childColumns} from students s
      join user_students us on us.student_id = s.id and us.user_id = ${userId}
      where s.id = ${studentId}`,
  );
  if (!row) throw healthNotFound();
  return row;
}

/**
 * SQL: true when staff `user` may see the child `studentId` (an SQL expression): the director always, a
 * teacher when the child is Enrolled in one of their sessions.
 */
export function staffSeesChild(user: AuthUser, studentId: ReturnType<typeof sql>) {
  if (user.role === 'Admin') return sql`true`;
  return sql`exists (select 1 from class_session_enrollments e
    join class_sessions on class_sessions.id = e.class_session_id
    where e.student_id = ${studentId} and e.status = 'Enrolled' and ${visibleSessions(user)})`;
}

/** The child `studentId` if staff `user` may see them; 404 otherwise. */
export async function staffHealthChild(db: DbOrTx, user: AuthUser, studentId: string): Promise<HealthChild> {
  if (!isUuid(studentId)) throw healthNotFound();
  const [row] = await queryRows<HealthChild>(
    db,
    sql`select ${childColumns} from students s
      where s.id = ${studentId} and ${staffSeesChild(user, sql`s.id`)}`,
  );
  if (!row) throw healthNotFound();
  return row;
}
