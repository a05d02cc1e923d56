/**
 * Reading a family's registration records into the contract's shapes (spec §3 ClassSessionEnrollment,
 * Waitlist submission, Payment): enrollments with the children bought together, waitlist places with their
 * position in line, payments with what was bought. Callers pass a `where` that already limits rows to the
 * caller's family (docs/architecture.md "Identity and access").
 */
import {
  type ClassSessionEnrollment,
  type LineItem,
  type Payment,
  planScheduleOf,
  type SessionSummary,
  type StoredPlan,
  type StudentSummary,
  type WaitlistSubmission,
} from '@lc/contract';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  classSessionEnrollments,
  classSessions,
  payments,
  refunds,
  students,
  userStudents,
  users,
  waitlistSubmissions,
} from '../../db/schema.ts';
import { familyMemberIds } from '../family/members.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const sessionSummaryColumns = {
  id: classSessions.id,
  name: classSessions.name,
  sessionStartDate: classSessions.sessionStartDate,
  sessionEndDate: classSessions.sessionEndDate,
  daySchedule: classSessions.daySchedule,
  thumbnail: classSessions.thumbnail,
};

const studentSummaryColumns = {
  id: students.id,
  firstName: students.firstName,
  lastName: students.lastName,
};

export const toStudentSummary = (s: { id: string; firstName: string; lastName: string }): StudentSummary => ({
  id: s.id,
  firstName: s.firstName,
  lastName: s.lastName,
  fullName: `${s.firstName} ${s.lastName}`,
});

/** Only enrollments of the user's own children. */
export const ownEnrollment = (userId: string) =>
  sql`${classSessionEnrollments.studentId} in (select ${userStudents.studentId} from ${userStudents} where ${userStudents.userId} = ${userId})`;

/** Only waitlist places of the user's own children. */
export const ownWaitlistPlace = (userId: string) =>
  sql`${waitlistSubmissions.studentId} in (select student_id from user_students where user_id = ${userId})`;

/** Enrollments matching `where`, newest session first, each with the children of the same payment. */
export async function loadEnrollments(db: DbOrTx, where: SQL | undefined): Promise<ClassSessionEnrollment[]> {
  const rows = await db
    .select({
      enrollment: classSessionEnrollments,
      session: sessionSummaryColumns,
      student: studentSummaryColumns,
    })
    .from(classSessionEnrollments)
    .innerJoin(classSessions, eq(classSessions.id, classSessionEnrollments.classSessionId))
    .innerJoin(students, eq(students.id, classSessionEnrollments.studentId))
    .where(where)
    .orderBy(desc(classSessions.sessionStartDate), students.firstName, desc(classSessionEnrollments.created));
  const byPayment = new Map<string, StudentSummary[]>();
  for (const r of rows) {
    if (!r.enrollment.paymentId) continue;
    const list = byPayment.get(r.enrollment.paymentId) ?? [];
    list.push(toStudentSummary(r.student));
    byPayment.set(r.enrollment.paymentId, list);
  }
  return rows.map((r) => {
    const student = toStudentSummary(r.student);
    return {
      id: r.enrollment.id,
      classSessionId: r.enrollment.classSessionId,
      classSession: r.session satisfies SessionSummary,
      studentId: r.enrollment.studentId,
      student,
      students: (r.enrollment.paymentId && byPayment.get(r.enrollment.paymentId)) || [student],
      status: r.enrollment.status as ClassSessionEnrollment['status'],
      created: r.enrollment.created.toISOString(),
      paymentId: r.enrollment.paymentId,
      holdExpiresAt: r.enrollment.status === 'PendingPayment' ? iso(r.enrollment.holdExpiresAt) : null,
    };
  });
}

/**
 * A Waiting submission's place in line (1 = next): the Waiting submissions of its session that joined
 * earlier (ties by id), plus one. `alias` names the `waitlist_submissions` row it is correlated on.
 */
export const waitlistPositionSql = (alias: string) => sql<number>`(
  select count(*)::int + 1 from waitlist_submissions ahead
  where ahead.class_session_id = ${sql.raw(alias)}.class_session_id and ahead.status = 'Waiting'
    and (ahead.created, ahead.id) < (${sql.raw(alias)}.created, ${sql.raw(alias)}.id)
)`;

/** Waitlist places matching `where`: open ones first, then newest. */
export async function loadWaitlist(db: DbOrTx, where: SQL | undefined): Promise<WaitlistSubmission[]> {
  const rows = await db
    .select({
      submission: waitlistSubmissions,
      session: sessionSummaryColumns,
      student: studentSummaryColumns,
      position: waitlistPositionSql('"waitlist_submissions"'),
    })
    .from(waitlistSubmissions)
    .innerJoin(classSessions, eq(classSessions.id, waitlistSubmissions.classSessionId))
    .innerJoin(students, eq(students.id, waitlistSubmissions.studentId))
    .where(where)
    .orderBy(
      sql`case ${waitlistSubmissions.status} when 'Offered' then 0 when 'Waiting' then 1 else 2 end`,
      desc(waitlistSubmissions.created),
      students.firstName,
    );
  return rows.map((r) => {
    const student = toStudentSummary(r.student);
    return {
      id: r.submission.id,
      classSessionId: r.submission.classSessionId,
      classSession: r.session,
      studentId: r.submission.studentId,
      student,
      students: [student],
      status: r.submission.status as WaitlistSubmission['status'],
      created: r.submission.created.toISOString(),
      expires: r.submission.status === 'Offered' ? iso(r.submission.expires) : null,
      position: r.submission.status === 'Waiting' ? r.position : null,
    };
  });
}

/** Payments matching `where`, newest first, with their enrollments and session. */
export async function loadPayments(db: DbOrTx, where: SQL | undefined): Promise<Payment[]> {
  const rows = await db
    .select({
      payment: payments,
      session: sessionSummaryColumns,
      payer: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(classSessions, eq(classSessions.id, payments.classSessionId))
    .where(where)
    .orderBy(desc(payments.created));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.payment.id);
  const enrollments = await loadEnrollments(db, inArray(classSessionEnrollments.paymentId, ids));
  const refundedAt = new Map(
    (
      await db
        .select({ paymentId: refunds.paymentId, at: sql<Date | string>`max(${refunds.updated})` })
        .from(refunds)
        .where(and(inArray(refunds.paymentId, ids), eq(refunds.status, 'Succeeded')))
        .groupBy(refunds.paymentId)
    ).map((r) => [r.paymentId, new Date(r.at).toISOString()]),
  );
  return rows.map(({ payment: p, session, payer }) => ({
    id: p.id,
    status: p.status as Payment['status'],
    originalAmount: p.originalAmount,
    finalAmount: p.finalAmount,
    provider: p.provider,
    checkoutUrl: p.status === 'Pending' ? p.checkoutUrl : null,
    checkoutId: p.checkoutId,
    paymentIntentId: p.paymentIntentId,
    receiptUrl: p.receiptUrl,
    emailAddress: p.emailAddress,
    created: p.created.toISOString(),
    userId: p.userId,
    paidBy: payer,
    holdExpiresAt: p.status === 'Pending' ? iso(p.holdExpiresAt) : null,
    classSessionId: p.classSessionId,
    classSession: session?.id ? session : null,
    lineItems: (p.lineItems ?? []) as LineItem[],
    enrollments: enrollments.filter((e) => e.paymentId === p.id),
    refundedAmount: p.refundedAmount,
    refundedAt: refundedAt.get(p.id) ?? (p.refundedAmount > 0 ? p.created.toISOString() : null),
    plan: p.plan ? planScheduleOf(p.plan as StoredPlan) : null,
  }));
}

/** The whole family's payments, newest first (issue 13: a co-parent sees the other parent's too). */
export async function loadFamilyPayments(db: DbOrTx, userId: string): Promise<Payment[]> {
  return loadPayments(db, inArray(payments.userId, await familyMemberIds(db, userId)));
}

/** The provider and status of the payment checkout `checkoutId` belongs to, or null when none does. */
export async function checkoutStatus(
  db: DbOrTx,
  checkoutId: string,
): Promise<Pick<typeof payments.$inferSelect, 'provider' | 'status'> | null> {
  const [row] = await db
    .select({ provider: payments.provider, status: payments.status })
    .from(payments)
    .where(eq(payments.checkoutId, checkoutId));
  return row ?? null;
}

/** One payment of the user by id or checkout id, or null. */
export async function findPayment(
  db: DbOrTx,
  by: { checkoutId: string } | { id: string },
  userId?: string,
): Promise<Payment | null> {
  const match = 'checkoutId' in by ? eq(payments.checkoutId, by.checkoutId) : eq(payments.id, by.id);
  const [payment] = await loadPayments(db, userId ? and(match, eq(payments.userId, userId)) : match);
  return payment ?? null;
}

/** Whether the user has a child enrolled (paid) in the session: who may read its announcements and resources. */
export async function hasEnrolledChild(db: DbOrTx, userId: string, classSessionId: number): Promise<boolean> {
  const rows = await db
    .select({ id: classSessionEnrollments.id })
    .from(classSessionEnrollments)
    .where(
      and(
        eq(classSessionEnrollments.classSessionId, classSessionId),
        eq(classSessionEnrollments.status, 'Enrolled'),
        ownEnrollment(userId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
