/**
 * The director's changes to who holds a seat (issue 10, "Enrollments, waitlists and money"): withdraw a
 * child (optionally refunding), move a child to another session, enroll a child by hand (e.g. paid by check:
 * a payment recorded with provider `offline` and a note), and act on a session's waitlist.
 *
 * Every change takes the session row lock like every other writer of seats (`readSession(…, { lock: true })`,
 * seats.ts; lock order: payment row, then session rows in id order), writes its audit row and the family's
 * email in the same transaction, and a freed seat is offered to the waitlist by the same code a lapsed hold
 * uses (`offerFreedSeats`). After commit the catalog's counts and the seat gate are refreshed.
 *
 * One module per change (office-withdraw.ts, office-move.ts, office-enroll.ts, office-waitlist.ts, their routes
 * in office-routes.ts); this one holds what they share (the session lock, the child's place, seating a child)
 * and the roster's reads for them (`sessionEnrollments`, `searchChildren`).
 */
import type { ApiErrorCode, ApiErrorParams, StaffChildMatch, StaffEnrollment } from '@lc/contract';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { classSessionEnrollments, classSessions } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { sessionPlaceAccounts } from '../billing/ledger.ts';
import type { MoneyDeps } from '../billing/refunds.ts';
import { type LockedSession, readSession } from './seats.ts';
import { acceptWaitlistPlaces } from './waitlist.ts';

const UNIQUE_VIOLATION = '23505';

/** Lock session `classSessionId`'s row and read it with its seats counted; 404 an unknown session. */
export async function lockSession(tx: Tx, deps: MoneyDeps, classSessionId: number): Promise<LockedSession> {
  const now = deps.clock.now();
  const session = await readSession(tx, classSessionId, now, deps.clock.today(now), { lock: true });
  if (!session) throw notFound('session');
  return session;
}

/** The 404 (field `studentId`) for a child not enrolled in the session. */
export const notEnrolled = () =>
  new HttpError(404, 'billing.office.notEnrolled', { fields: { studentId: 'billing.office.notEnrolled' } });

/** The id of the child's `Enrolled` place in the session; 404 an unknown session or a child not enrolled. */
export async function enrolledPlace(deps: MoneyDeps, classSessionId: number, studentId: string) {
  const [enrollment] = await deps.db
    .select({ id: classSessionEnrollments.id })
    .from(classSessionEnrollments)
    .where(
      and(
        eq(classSessionEnrollments.classSessionId, classSessionId),
        eq(classSessionEnrollments.studentId, studentId),
        eq(classSessionEnrollments.status, 'Enrolled'),
      ),
    );
  if (enrollment) return enrollment;
  const [session] = await deps.db
    .select({ id: classSessions.id })
    .from(classSessions)
    .where(eq(classSessions.id, classSessionId));
  if (!session) throw notFound('session');
  throw notEnrolled();
}

/** The PostgreSQL error code of `error` or of one of its causes (drivers wrap it). */
function codeOf(error: unknown): string | undefined {
  let e: unknown = error;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    if ('code' in e && typeof e.code === 'string') return e.code;
    e = 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}

/**
 * Gives the child an `Enrolled` place in session `classSessionId` paid by `paymentId`, and marks done
 * (`Accepted`) any waitlist place the child held there. The caller holds the session lock and has checked
 * the seats. A place the child already has there (the unique index) → 409 with `conflict.code` (and its
 * `params`) on field `conflict.field`. Answers the new enrollment's id.
 */
export async function seatChild(
  tx: Tx,
  place: {
    classSessionId: number;
    studentId: string;
    paymentId: typeof classSessionEnrollments.$inferInsert.paymentId;
    now: Date;
  },
  conflict: { field: string; code: ApiErrorCode; params?: ApiErrorParams },
): Promise<string> {
  const { classSessionId, studentId, paymentId, now } = place;
  let enrollment: { id: string } | undefined;
  try {
    [enrollment] = await tx
      .insert(classSessionEnrollments)
      .values({ classSessionId, studentId, status: 'Enrolled', paymentId, created: now, updated: now })
      .returning({ id: classSessionEnrollments.id });
  } catch (error) {
    if (codeOf(error) === UNIQUE_VIOLATION)
      throw new HttpError(409, conflict.code, {
        params: conflict.params,
        fields: { [conflict.field]: conflict.code },
      });
    throw error;
  }
  await acceptWaitlistPlaces(tx, classSessionId, [studentId]);
  return enrollment!.id;
}

/**
 * The enrolled children of a session with their payment's money (cents), for the roster's actions; 404 an
 * unknown session.
 */
export async function sessionEnrollments(
  deps: MoneyDeps,
  classSessionId: number,
): Promise<StaffEnrollment[]> {
  const [exists] = await deps.db
    .select({ id: classSessions.id })
    .from(classSessions)
    .where(eq(classSessions.id, classSessionId));
  if (!exists) throw notFound('session');
  const rows = await queryRows<{
    enrollment_id: string;
    student_id: string;
    first_name: string;
    last_name: string;
    payment_id: string | null;
    provider: string | null;
    payment_status: string | null;
    final_amount: number | null;
    refunded_amount: number | null;
    pending: number | null;
  }>(
    deps.db,
    sql`select e.id as enrollment_id, s.id as student_id, s.first_name, s.last_name, p.id as payment_id,
        p.provider, p.status as payment_status, p.final_amount, p.refunded_amount,
        (select coalesce(sum(r.amount), 0)::int from refunds r
          where r.payment_id = p.id and r.status = 'Pending') as pending
      from class_session_enrollments e
      join students s on s.id = e.student_id
      left join payments p on p.id = e.payment_id
      where e.class_session_id = ${classSessionId} and e.status = 'Enrolled'
      order by lower(s.last_name), lower(s.first_name), s.id`,
  );
  const today = deps.clock.today();
  const accounts = await sessionPlaceAccounts(deps.db, classSessionId, today);
  return rows.map((r) => ({
    account: accounts.get(r.student_id) ?? {
      charged: 0,
      paid: 0,
      refunded: 0,
      balance: 0,
      status: 'noCharge' as const,
      dueOn: null,
      nextAmount: 0,
      overdue: 0,
      schedule: [],
    },
    enrollmentId: r.enrollment_id,
    studentId: r.student_id,
    firstName: r.first_name,
    lastName: r.last_name,
    paymentId: r.payment_id,
    provider: r.provider,
    paymentStatus: r.payment_status as StaffEnrollment['paymentStatus'],
    finalAmount: r.final_amount ?? 0,
    refundedAmount: r.refunded_amount ?? 0,
    refundable:
      r.payment_status === 'Paid'
        ? Math.max(0, (r.final_amount ?? 0) - (r.refunded_amount ?? 0) - (r.pending ?? 0))
        : 0,
  }));
}

/**
 * Children to enroll by hand: those whose first or last name, or a parent's name or email, contains `q`
 * (case-insensitive), at most 20, with their parents.
 */
export async function searchChildren(deps: MoneyDeps, q: string): Promise<StaffChildMatch[]> {
  const rows = await queryRows<{
    student_id: string;
    first_name: string;
    last_name: string;
    date_of_birth: string;
    parents: { name: string; emailAddress: string }[] | string;
  }>(
    deps.db,
    sql`select s.id as student_id, s.first_name, s.last_name, s.date_of_birth::text as date_of_birth,
        (select coalesce(json_agg(json_build_object('name', u.first_name || ' ' || u.last_name,
            'emailAddress', u.email_address) order by u.last_name, u.first_name), '[]'::json)
          from user_students us join users u on u.id = us.user_id where us.student_id = s.id) as parents
      from students s
      where position(lower(${q}) in lower(s.first_name || ' ' || s.last_name)) > 0
        or exists (select 1 from user_students us join users u on u.id = us.user_id
          where us.student_id = s.id
            and (position(lower(${q}) in lower(u.first_name || ' ' || u.last_name)) > 0
              or position(lower(${q}) in lower(u.email_address)) > 0))
      order by lower(s.last_name), lower(s.first_name), s.id
      limit 20`,
  );
  return rows.map((r) => ({
    studentId: r.student_id,
    firstName: r.first_name,
    lastName: r.last_name,
    dateOfBirth: r.date_of_birth,
    parents: typeof r.parents === 'string' ? JSON.parse(r.parents) : r.parents,
  }));
}
