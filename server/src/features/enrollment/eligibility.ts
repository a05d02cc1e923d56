/**
 * Who may enroll or join a waitlist, and the sentence that tells a parent why (spec §7 VerifyEligibility;
 * docs/architecture.md "Registration domain"; docs/decisions/006-registration.md):
 * - during the priority window only returning families (`returningFamilySql`: a child of the family has or
 *   had a place in an earlier session that has started and was not withdrawn before its first day;
 *   decision 019) and children holding a waitlist offer may enroll;
 * - during the general window anyone may, while seats are left;
 * - a child holding an unexpired waitlist offer may enroll whenever offers are being made (after
 *   registration has first opened and until the session ends), whatever the window;
 * - the waitlist takes children only when no seat is left (or the session is waitlist-only), in order,
 *   up to `waitlistSize`.
 * The rules are pure (child-verdict.ts, re-exported here); this module reads the facts they need: the
 * family's children in a session, whether the family is returning, its children holding a sibling place. The
 * sentences are in the family's language (issue 14: the page's, from `Accept-Language`).
 */
import type { Language } from '@lc/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { enrollmentFormGate } from '../signed-forms/standing.ts';
import {
  type ChildFacts,
  type ChildFactsRow,
  childVerdict,
  type SessionFacts,
  toChildFacts,
  type Verdict,
  withFormGate,
} from './child-verdict.ts';
import { waitlistPositionSql } from './records.ts';

export {
  ageRefusal,
  type ChildFacts,
  type ChildFactsRow,
  childVerdict,
  familySentence,
  offersOpen,
  type SessionFacts,
  toChildFacts,
  toSessionStudent,
  type Verdict,
  withFormGate,
} from './child-verdict.ts';

/**
 * SQL: true when the family of `user` (an expression for a user id; the family is that account's
 * `user_students` mappings) is returning for a session starting on `before` (issue 21, decision 019): one of
 * its children has, or had, a place in a session that started earlier, has started by `today` (ISO date, the
 * center's) and whose place was not withdrawn before that first day — `Enrolled`, or `Withdrawn` on or after the
 * first day in the center's `timeZone` (a move after the start counts too). A paid place in a session not yet
 * started does not count, nor does one withdrawn before its start, so paying for Winter does not open Spring's
 * priority window. One definition for the enroll page (`isReturningFamily`) and the reservation's standing
 * query (`seats.ts`).
 */
export function returningFamilySql(user: SQL, before: SQL, today: SQL, timeZone: SQL): SQL {
  return sql`exists (
    select 1 from class_session_enrollments e
    join class_sessions s on s.id = e.class_session_id
    join user_students us on us.student_id = e.student_id
    where us.user_id = ${user}
      and s.session_start_date < ${before} and s.session_start_date <= ${today}::date
      and (e.status = 'Enrolled'
        or (e.status = 'Withdrawn' and e.withdrawn_at is not null
          and (e.withdrawn_at at time zone ${timeZone})::date >= s.session_start_date))
  )`;
}

/**
 * Whether `userId`'s family is returning for a session starting on `beforeDate` (ISO date), judged on `today`
 * (ISO, the center's) in the center's `timeZone`: {@link returningFamilySql}.
 */
export async function isReturningFamily(
  db: DbOrTx,
  userId: string,
  beforeDate: string,
  today: string,
  timeZone: string,
): Promise<boolean> {
  const rows = await queryRows<{ returning: boolean }>(
    db,
    sql`select ${returningFamilySql(sql`${userId}::uuid`, sql`${beforeDate}::date`, sql`${today}`, sql`${timeZone}`)} as returning`,
  );
  return rows[0]?.returning === true;
}

/** The user's children with where each stands in one session (live enrollment, waitlist place). */
export async function loadChildFacts(
  db: DbOrTx,
  userId: string,
  sessionId: number,
  now: Date,
  onlyStudentIds?: string[],
): Promise<ChildFacts[]> {
  const filter =
    onlyStudentIds && onlyStudentIds.length > 0
      ? sql`and s.id in (${sql.join(
          onlyStudentIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql``;
  const rows = await queryRows<ChildFactsRow>(
    db,
    sql`select s.id, s.first_name, s.last_name, s.date_of_birth::text as date_of_birth,
        e.status as enrollment_status, e.hold_expires_at,
        w.status as waitlist_status, w.expires as offer_expires,
        case when w.status = 'Waiting' then ${waitlistPositionSql('w')} end as waitlist_position
      from students s
      join user_students us on us.student_id = s.id and us.user_id = ${userId}
      left join class_session_enrollments e on e.student_id = s.id and e.class_session_id = ${sessionId}
        and (e.status = 'Enrolled' or (e.status = 'PendingPayment' and e.hold_expires_at > ${now}))
      left join waitlist_submissions w on w.student_id = s.id and w.class_session_id = ${sessionId}
        and w.status in ('Waiting', 'Offered')
      where true ${filter}
      order by s.date_of_birth, s.first_name`,
  );
  return rows.map(toChildFacts);
}

/** What `loadSiblingPlaces` needs of a session (a `class_sessions` row has it). */
export type SiblingScope = {
  id: number;
  classSectionId: number | null;
  siblingDiscountType: string | null;
  siblingDiscountAcrossProgram: boolean;
};

/**
 * The ids of the user's children (their own `user_students` mappings, never another family's) who hold a
 * place that makes a brother or sister enrolling in `session` an additional child for its sibling discount
 * (issue 13, decision 014): enrolled, or holding a seat for a checkout whose hold has not run out at `now`,
 * in this session, or, when the discount reaches across the program (`siblingDiscountAcrossProgram`), in
 * another session of the same program (`classSectionId`) that has not ended on `today` (ISO date). The
 * checkout leaves out the children being enrolled; the enroll page does the same with the children chosen.
 * Empty, without a query, for a session with no sibling discount.
 */
export async function loadSiblingPlaces(
  db: DbOrTx,
  userId: string,
  session: SiblingScope,
  now: Date,
  today: string,
): Promise<Set<string>> {
  // No discount, nothing to count: no query on the enroll page's or the checkout's path.
  if (session.siblingDiscountType === null) return new Set();
  const acrossProgram =
    session.siblingDiscountAcrossProgram && session.classSectionId !== null
      ? sql`or (s.class_section_id = ${session.classSectionId} and s.session_end_date >= ${today})`
      : sql``;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select distinct e.student_id as id
      from class_session_enrollments e
      join user_students us on us.student_id = e.student_id and us.user_id = ${userId}
      join class_sessions s on s.id = e.class_session_id
      where (e.status = 'Enrolled' or (e.status = 'PendingPayment' and e.hold_expires_at > ${now}))
        and (e.class_session_id = ${session.id} ${acrossProgram})`,
  );
  return new Set(rows.map((r) => r.id));
}

/** Everything a family's page or a reservation needs to judge a session for its children. */
export async function judgeFamily(
  db: DbOrTx,
  clock: Clock,
  timeZone: string,
  userId: string,
  session: SessionFacts,
  onlyStudentIds?: string[],
  language: Language = 'en',
) {
  const now = clock.now();
  const today = clock.today(now);
  const [children, returning] = await Promise.all([
    loadChildFacts(db, userId, session.id, now, onlyStudentIds),
    isReturningFamily(db, userId, session.sessionStartDate, today, timeZone),
  ]);
  const judged = await gateOnForms(
    db,
    session.id,
    children.map((child) => ({
      child,
      verdict: childVerdict(session, child, returning, now, today, timeZone, language),
    })),
    language,
  );
  return { now, today, returning, judged };
}

/**
 * `judged` with the program's forms applied to each verdict (issue 26; decision 036, `withFormGate`): the
 * page's eligibility and the reservation (inside its transaction) read the same gate.
 */
export async function gateOnForms<J extends { child: ChildFacts; verdict: Verdict }>(
  db: DbOrTx,
  classSessionId: number,
  judged: J[],
  language: Language = 'en',
): Promise<J[]> {
  const missing = await enrollmentFormGate(
    db,
    classSessionId,
    judged.map((j) => j.child.id),
    language,
  );
  return judged.map((j) => ({
    ...j,
    verdict: withFormGate(j.verdict, j.child, missing.get(j.child.id) ?? [], language),
  }));
}
