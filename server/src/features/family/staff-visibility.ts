/**
 * Which families and children a staff member sees (issue 10 "Families" and "A child's page for staff"): the
 * director (Admin) every family and child; a teacher (Staff) only the children on the rosters of the sessions
 * they teach (`session_staff`): enrolled, holding a seat in an open checkout, or waiting/offered on the
 * waitlist — exactly the children the roster page shows them — and those children's families. Anything
 * outside that scope reads as null here and 404 at the route, exactly like an unknown id. Also the families
 * search (`searchCondition`). The pages themselves are staff-families.ts.
 */
import { phoneDigits } from '@lc/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import type { Clock } from '../../lib/clock.ts';

/**
 * A condition true when `user` may see the child whose id is `studentId` (an SQL expression): always for an
 * Admin; for a teacher, when the child is enrolled, holds a live seat or waits (or holds an offer) in a
 * session the teacher is assigned to — the roster's own rule (sessions.ts `readRoster`).
 */
export function visibleChild(user: AuthUser, now: Date, studentId: SQL): SQL {
  if (user.role === 'Admin') return sql`true`;
  return sql`exists (select 1 from session_staff ss where ss.user_id = ${user.id} and (
    exists (select 1 from class_session_enrollments ve
      where ve.class_session_id = ss.class_session_id and ve.student_id = ${studentId}
        and (ve.status = 'Enrolled' or (ve.status = 'PendingPayment' and ve.hold_expires_at > ${now})))
    or exists (select 1 from waitlist_submissions vw
      where vw.class_session_id = ss.class_session_id and vw.student_id = ${studentId}
        and vw.status in ('Waiting', 'Offered'))))`;
}

/** Families `user` may see (one account, `u`): used for a single family, where a correlated check is cheap. */
export function visibleFamily(user: AuthUser, now: Date): SQL {
  const isFamily = sql`(u.type = 'Parent' or exists (select 1 from user_students f where f.user_id = u.id))`;
  if (user.role === 'Admin') return isFamily;
  return sql`exists (select 1 from user_students f where f.user_id = u.id
    and ${visibleChild(user, now, sql`f.student_id`)})`;
}

/**
 * For lists: a `visible` relation of the student ids on a teacher's rosters, computed once per query (a
 * correlated check per family made a teacher's list 100 times slower on 2,000 families). Empty for an Admin,
 * who needs none.
 */
export function visibleCte(user: AuthUser, now: Date): SQL {
  if (user.role === 'Admin') return sql``;
  return sql`with visible as (
    select ve.student_id from class_session_enrollments ve
      join session_staff ss on ss.class_session_id = ve.class_session_id
      where ss.user_id = ${user.id}
        and (ve.status = 'Enrolled' or (ve.status = 'PendingPayment' and ve.hold_expires_at > ${now}))
    union
    select vw.student_id from waitlist_submissions vw
      join session_staff ss on ss.class_session_id = vw.class_session_id
      where ss.user_id = ${user.id} and vw.status in ('Waiting', 'Offered'))`;
}

/** `studentId` is in the `visible` relation (always true for an Admin). */
export const inVisible = (user: AuthUser, studentId: SQL): SQL =>
  user.role === 'Admin' ? sql`true` : sql`${studentId} in (select student_id from visible)`;

/**
 * The search: a parent's name or email, a visible child's name, the name of one of the family's active
 * emergency contacts (a pickup adult: "Rosa Singh", issue 21 item 17), or — when the words look like a phone
 * number — the digits of the parent's mobile or of one of the family's active emergency contacts' phones, so
 * "(650) 555-0199" and "6505550199" both find "+16505550199". Phones are stored E.164 ("+" and digits), so
 * the typed digits are a plain substring of the stored value. Each part is an uncorrelated `in (...)`, one
 * pass over its table per query. No index serves a substring search; on 2,000 families it is a few ms.
 */
export function searchCondition(user: AuthUser, q: string | undefined, alias = 'u'): SQL {
  const u = sql.raw(alias);
  if (!q) return sql`true`;
  const words = q.toLowerCase();
  const digits = phoneDigits(q);
  const pattern = `%${digits}%`;
  const byPhone = digits
    ? sql`or ${u}.sms like ${pattern}
      or ${u}.id in (select sut.user_id from user_trustees sut join trustees st on st.id = sut.trustee_id
        where st.is_active and (st.cell_phone like ${pattern} or st.home_phone like ${pattern}))`
    : sql``;
  return sql`(position(${words} in lower(${u}.first_name || ' ' || ${u}.last_name)) > 0
    or position(${words} in ${u}.email_address) > 0
    or ${u}.id in (select sus.user_id from user_students sus join students ss2 on ss2.id = sus.student_id
      where position(${words} in lower(ss2.first_name || ' ' || ss2.last_name)) > 0
        and ${inVisible(user, sql`sus.student_id`)})
    or ${u}.id in (select tut.user_id from user_trustees tut join trustees tt on tt.id = tut.trustee_id
      where tt.is_active and position(${words} in lower(tt.first_name || ' ' || tt.last_name)) > 0)
    ${byPhone})`;
}

export type ChildSql = {
  id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  allergies: string[] | string;
};

export const childColumns = sql`s.id, s.first_name, s.last_name, s.date_of_birth::text as date_of_birth,
  (select coalesce(json_agg(a.name order by lower(a.name)), '[]'::json) from allergies a
    where a.student_id = s.id) as allergies`;

/**
 * The ids of the children of account `userId` that `user` may see (oldest first), or null when `user` may
 * not see that family at all — not a family, or (a teacher) none of its children on their rosters. The one
 * scoping rule of every staff route that takes a family's id, and of `GET /api/Student?userId=`; `userId`
 * must be a UUID.
 */
export async function visibleChildIdsOf(
  db: DbOrTx,
  clock: Clock,
  user: AuthUser,
  userId: string,
): Promise<string[] | null> {
  return (await visibleChildRows(db, clock.now(), user, userId))?.map((r) => r.id) ?? null;
}

/** The visible children of `userId` as `childColumns` rows, or null for a family `user` may not see. */
export async function visibleChildRows(
  db: DbOrTx,
  now: Date,
  user: AuthUser,
  userId: string,
): Promise<ChildSql[] | null> {
  const [found] = await queryRows<{ id: string }>(
    db,
    sql`select u.id from users u where u.id = ${userId} and ${visibleFamily(user, now)}`,
  );
  if (!found) return null;
  return queryRows<ChildSql>(
    db,
    sql`select ${childColumns} from user_students us join students s on s.id = us.student_id
      where us.user_id = ${userId} and ${visibleChild(user, now, sql`us.student_id`)}
      order by s.date_of_birth, s.first_name, s.id`,
  );
}
