/**
 * Withdrawing a child from a session: one implementation for the parent in the portal (issue 13, "Withdraw a
 * child, with the session's refund policy") and the director on a roster (issue 10, `withdrawChild`).
 *
 * `withdrawEnrollment` takes the actor and a rule that decides the refund, and in one transaction:
 * 1. locks the child's payment row, then the session row (the lock order of every writer of seats and money:
 *    payment, then session; `seats.ts`, `refunds.ts`), then the user rows of the child's family
 *    (`lockFamilyOfChild`: session, then family, as a waitlist join takes them), and reads the enrollment again
 *    under them;
 * 2. answers a retry with the same idempotency key (a double click) with the first answer, or refuses a place
 *    that is no longer `Enrolled` (409: a staff withdrawal or a second parent got there first);
 * 3. decides the refund under the locks (the parent's: the session's policy for the center's today, capped by
 *    what the payment still holds; the director's: the amount typed), reserves it (`reserveRefund`), marks
 *    the place `Withdrawn`, offers the seat to the next waiting family (`offerFreedSeats`, as when a hold
 *    lapses), queues the emails and writes the audit row;
 * and after commit makes the refund through the provider (`completeRefund`; the resume job finishes one a
 * stopped server left `Pending`). A failed step before commit rolls back all of it. A checkout webhook that
 * arrives later finds the payment `Paid` or `Refunded`, which fulfillment never touches again, so it cannot
 * refund a second time.
 *
 * The parent's refund (`quoteFor`): `refundQuote` (contract `family-money.ts`) over the payment's lines with
 * the children of that payment still enrolled (the sibling discount recomputed), never more than
 * `finalAmount − refundedAmount − refunds in progress`, less the brothers' and sisters' sibling discounts this
 * place earned on other payments and that end with it (`siblingDiscountsEndingWith`, decision 019). The family
 * lock makes the withdrawals of one family's places run one after the other, so each quote sees the places a
 * brother's or sister's withdrawal left. Money is integer cents; dates are ISO calendar dates in the center's
 * time zone (`clock.today`).
 */
import {
  describeRefundPolicy,
  formatCents,
  formatPolicyDate,
  fullRefundUntil,
  type LineItem,
  placeOnPayment,
  type RefundMethod,
  refundQuote,
  siblingDiscountEnding,
  type WithdrawalQuote,
  type WithdrawRequest,
  type WithdrawResult,
} from '@lc/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { MailMessage } from '../../adapters/mail.ts';
import { type DbOrTx, queryRows, type Tx } from '../../db/client.ts';
import {
  auditEvents,
  classSessionEnrollments,
  classSessions,
  payments,
  refunds,
  students,
} from '../../db/schema.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { mailLocale, mailT } from '../../i18n/family-mail.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/record.ts';
import { invalidateCatalog } from '../class-sessions/catalog.ts';
import { familyRecipients } from '../family/mail-recipients.ts';
import { lockFamilyOfChild } from '../family/members.ts';
import {
  centerWithdrawalMail,
  type ParentWithdrawal,
  parentWithdrewMail,
  withdrawalRefundFailedMail,
} from '../staff/money-mail.ts';
import { completeRefund, type MoneyDeps, pendingCents, reserveRefund } from '../staff/refunds.ts';
import { ownEnrollment } from './records.ts';
import { seatsMayHaveFreed } from './seat-gate.ts';
import { type LockedSession, readSession } from './seats.ts';
import { offerFreedSeats } from './waitlist.ts';

type EnrollmentRow = typeof classSessionEnrollments.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type SessionRow = typeof classSessions.$inferSelect;
type Child = { id: string; firstName: string; lastName: string };
type Parent = { id: string; emailAddress: string; firstName: string; lastName: string; language: string };

/**
 * The parents who get the child's mail (`familyRecipients`, decision 018: every parent of the family with an
 * open account), oldest first, each written to in their own language (`users.language`, issue 14).
 */
export async function parentsOf(tx: DbOrTx, studentId: string): Promise<Parent[]> {
  return familyRecipients(tx, { studentId });
}

/** The child's name, or null for an unknown id. */
export async function childOf(tx: DbOrTx, studentId: string): Promise<Child | null> {
  const [child] = await tx
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(eq(students.id, studentId));
  return child ?? null;
}

/** Seats moved: this process's catalog and seat gate read them again (decision 008). */
export function seatsChanged(deps: MoneyDeps) {
  invalidateCatalog(deps.db);
  seatsMayHaveFreed(deps.db);
}

/** Who withdraws: the director on a roster, or a parent in the portal. */
export type WithdrawActor = { kind: 'staff' | 'parent'; userId: string };

/** What the transaction holds, under the payment and session locks, when it decides the refund. */
export type LockedPlace = {
  enrollment: EnrollmentRow;
  session: LockedSession;
  payment: PaymentRow | null;
  child: Child;
  parents: Parent[];
  now: Date;
  /** The center's calendar date (ISO). */
  today: string;
};

/** The refund a withdrawal gives: cents (0: none), the refund's reason, and what the audit row adds. */
export type RefundDecision = { amount: number; reason: string; audit?: Record<string, unknown> };

export type WithdrawPlan = {
  actor: WithdrawActor;
  enrollmentId: string;
  /** Kept on the enrollment (`withdrawn_reason`) and in the audit row. */
  reason: string;
  /** The request's key: the same actor sending it again for the same place gets the first answer. */
  idempotencyKey: string | null;
  /** The refund's own key (`refunds.idempotency_key`, sent to the provider). */
  refundKey: string;
  /** Decides the refund under the locks; throws (an HttpError) to refuse, and nothing changes. */
  decide: (tx: Tx, place: LockedPlace) => Promise<RefundDecision> | RefundDecision;
  /** The emails the withdrawal sends, queued in the same transaction; `offered`: seats offered on. */
  mails: (place: LockedPlace, decision: RefundDecision, offered: number) => MailMessage[];
};

export type WithdrawOutcome = {
  enrollmentId: string;
  refundId: string | null;
  /** Cents. */
  refundAmount: number;
  /** How many waiting families were offered a seat. */
  offered: number;
  /** True when this answered an earlier request with the same key. */
  replayed: boolean;
  refundStatus: WithdrawResult['refundStatus'];
  /** The provider's refusal, when the refund failed. */
  refundError: string | null;
};

const REFUND_FAILED = 'The payment provider did not accept the refund, so nothing was refunded.';

/** 409 for a place that cannot be withdrawn (any more): the sentence says why, in English and Spanish. */
function notWithdrawable(enrollment: EnrollmentRow, child: Child, sessionName: string, clock: Clock) {
  const say = (language: 'en' | 'es') => {
    const t = mailT(language);
    const values = { name: child.firstName, session: sessionName };
    if (enrollment.status === 'Withdrawn')
      return enrollment.withdrawnAt
        ? t('withdrawRefusal.alreadyWithdrawnOn', {
            ...values,
            date: formatPolicyDate(clock.today(enrollment.withdrawnAt), mailLocale(language)),
          })
        : t('withdrawRefusal.alreadyWithdrawn', values);
    if (enrollment.status === 'PendingPayment') return t('withdrawRefusal.heldOnly', values);
    return t('withdrawRefusal.cancelled', values);
  };
  return new HttpError(409, say('en')).inSpanish(say('es'));
}

/** The earlier answer to the same actor's same key for this place, from its audit row; or null. */
async function earlierWithdrawal(tx: Tx, enrollmentId: string, actorUserId: string, key: string) {
  const [row] = await tx
    .select({ after: auditEvents.after })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entityType, 'ClassSessionEnrollment'),
        eq(auditEvents.entityId, enrollmentId),
        eq(auditEvents.action, 'enrollment.withdraw'),
        eq(auditEvents.actorUserId, actorUserId),
        sql`${auditEvents.after}->>'idempotencyKey' = ${key}`,
      ),
    )
    .orderBy(desc(auditEvents.at))
    .limit(1);
  if (!row) return null;
  const after = row.after as { refundAmount?: number; refundId?: string | null; offered?: number };
  return {
    refundAmount: after.refundAmount ?? 0,
    refundId: after.refundId ?? null,
    offered: after.offered ?? 0,
  };
}

/**
 * Withdraw one enrolled child (see the module comment for the steps). Locks, in this order: the place's
 * payment row, its session row, the user rows of the child's family (`lockFamilyOfChild`). 404 an unknown enrollment or session;
 * 409 a place no longer `Enrolled` (unless the same actor's same key withdrew it: then the first answer, with
 * `replayed`); whatever `plan.decide` or `reserveRefund` refuse. A provider refusing the refund after commit
 * is not thrown: the outcome says `Failed` with the provider's sentence (the child stays withdrawn).
 */
export async function withdrawEnrollment(deps: MoneyDeps, plan: WithdrawPlan): Promise<WithdrawOutcome> {
  const { actor } = plan;
  const result = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const today = deps.clock.today(now);
    const [seen] = await tx
      .select()
      .from(classSessionEnrollments)
      .where(eq(classSessionEnrollments.id, plan.enrollmentId));
    if (!seen) throw notFound('That enrollment');
    // Lock order: the payment row, then the session row (as fulfillment and the release of a lapsed hold),
    // then the family's user rows (as a waitlist join: session, then family). The family lock serialises the
    // withdrawals of brothers' and sisters' places in other sessions, whose quotes read each other's places.
    const [payment] = seen.paymentId
      ? await tx.select().from(payments).where(eq(payments.id, seen.paymentId)).for('update')
      : [];
    const session = await readSession(tx, seen.classSessionId, now, today, { lock: true });
    if (!session) throw notFound('That session');
    await lockFamilyOfChild(tx, seen.studentId);
    // Read again under the locks: every other withdrawal of this place holds them too.
    const [enrollment] = await tx
      .select()
      .from(classSessionEnrollments)
      .where(eq(classSessionEnrollments.id, plan.enrollmentId));
    const child = (await childOf(tx, enrollment!.studentId))!;
    if (enrollment!.status !== 'Enrolled') {
      const earlier = plan.idempotencyKey
        ? await earlierWithdrawal(tx, enrollment!.id, actor.userId, plan.idempotencyKey)
        : null;
      if (earlier) return { ...earlier, replayed: true };
      throw notWithdrawable(enrollment!, child, session.name, deps.clock);
    }
    const place: LockedPlace = {
      enrollment: enrollment!,
      session,
      payment: payment ?? null,
      child,
      parents: await parentsOf(tx, child.id),
      now,
      today,
    };
    const decision = await plan.decide(tx, place);
    let refundId: string | null = null;
    if (decision.amount > 0) {
      if (!place.payment) throw new HttpError(400, 'This place has no payment on record to refund.');
      const { refund } = await reserveRefund(
        tx,
        actor.userId,
        place.payment.id,
        { amount: decision.amount, reason: decision.reason, idempotencyKey: plan.refundKey },
        now,
      );
      refundId = refund.id;
    }
    await tx
      .update(classSessionEnrollments)
      .set({ status: 'Withdrawn', withdrawnReason: plan.reason, withdrawnAt: now, updated: now })
      .where(eq(classSessionEnrollments.id, enrollment!.id));
    const offered = await offerFreedSeats(tx, deps, session.id);
    for (const mail of plan.mails(place, decision, offered)) await enqueueMail(tx, mail);
    await recordAudit(
      tx,
      {
        actorUserId: actor.userId,
        action: 'enrollment.withdraw',
        entityType: 'ClassSessionEnrollment',
        entityId: enrollment!.id,
        before: { status: 'Enrolled', classSessionId: session.id, studentId: child.id },
        after: {
          status: 'Withdrawn',
          by: actor.kind,
          reason: plan.reason,
          refundAmount: decision.amount,
          refundId,
          offered,
          idempotencyKey: plan.idempotencyKey,
          ...decision.audit,
        },
      },
      now,
    );
    return { refundAmount: decision.amount, refundId, offered, replayed: false };
  });
  if (!result.replayed) seatsChanged(deps);
  let refundError: string | null = null;
  let refundStatus: WithdrawOutcome['refundStatus'] = 'None';
  if (result.refundId) {
    try {
      // A replay finishes a refund the first request may not have finished (same key: one refund).
      await completeRefund(deps, actor.userId, result.refundId);
    } catch (error) {
      if (!(error instanceof HttpError && error.statusCode === 502)) throw error;
      refundError = error.message;
    }
    const [row] = await deps.db
      .select({ status: refunds.status })
      .from(refunds)
      .where(eq(refunds.id, result.refundId));
    refundStatus = (row?.status ?? 'Pending') as WithdrawOutcome['refundStatus'];
    if (refundStatus === 'Failed') refundError ??= REFUND_FAILED;
  }
  return { enrollmentId: plan.enrollmentId, ...result, refundStatus, refundError };
}

// ─── The parent's withdrawal in the portal ───

/** The parent's routes need the center's address for its copy of the email. */
export type ParentWithdrawDeps = MoneyDeps & { centerEmail: string };

/** Children of `paymentId` still enrolled (in any session: a moved child keeps its payment). */
async function stillEnrolledOn(db: DbOrTx, paymentId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from class_session_enrollments where payment_id = ${paymentId} and status = 'Enrolled'`,
  );
  return row?.n ?? 0;
}

/** A brother's or sister's sibling discount that ends with a withdrawn place (decision 019). */
type SiblingDiscountEnding = WithdrawalQuote['siblingDiscounts'][number] & { paymentId: string };

/** The family of a child as SQL: `student` shares a parent (a `user_students` account) with `withChild`. */
const sameFamily = (student: ReturnType<typeof sql>, withChild: string) =>
  sql`exists (select 1 from user_students a join user_students b on b.user_id = a.user_id
    where a.student_id = ${withChild} and b.student_id = ${student})`;

/**
 * The sibling discounts `enrollment`'s place earned on the family's other payments and that end when it is
 * withdrawn (issue 21, decision 019). A payment qualifies when it is `Paid`, was made once this place was
 * taken (so the place counted for it), is for a brother's or sister's place still `Enrolled` in this session or,
 * when that session's discount reaches across its program, in another session of this session's program; every
 * child of it got the sibling price (`siblingDiscountEnding`); and no other place that counted for it remains:
 * no brother's or sister's (or this child's own other) `Enrolled` place, taken by the payment's time, in its
 * session or (across the program) in a session of the program not ended on the payment's day in the center's
 * `timeZone`. Inside a withdrawal it runs under the family lock (`withdrawEnrollment`), so a brother's or
 * sister's withdrawal at the same instant has either committed or changed nothing yet (decision 019).
 */
async function siblingDiscountsEndingWith(
  db: DbOrTx,
  enrollment: EnrollmentRow,
  session: SessionRow,
  timeZone: string,
): Promise<SiblingDiscountEnding[]> {
  const rows = await queryRows<{
    payment_id: string;
    line_items: LineItem[];
    still_enrolled: number;
    first_names: string[];
    session_name: string;
  }>(
    db,
    sql`select p.id as payment_id, p.line_items, count(*)::int as still_enrolled,
        array_agg(st.first_name order by st.date_of_birth, st.first_name) as first_names,
        min(s2.name) as session_name
      from payments p
      join class_session_enrollments e2 on e2.payment_id = p.id and e2.status = 'Enrolled'
      join students st on st.id = e2.student_id
      join class_sessions s2 on s2.id = e2.class_session_id
      where p.status = 'Paid'
        and p.id is distinct from ${enrollment.paymentId}
        and p.created >= ${enrollment.created}
        and e2.student_id <> ${enrollment.studentId}
        and ${sameFamily(sql`e2.student_id`, enrollment.studentId)}
        and s2.sibling_discount_type is not null
        and (s2.id = ${session.id}
          or (s2.sibling_discount_across_program and s2.class_section_id = ${session.classSectionId}))
        and not exists (
          select 1 from class_session_enrollments e3
          join class_sessions s3 on s3.id = e3.class_session_id
          where e3.status = 'Enrolled' and e3.id <> ${enrollment.id} and e3.created <= p.created
            and e3.student_id not in (select c.student_id from class_session_enrollments c where c.payment_id = p.id)
            and ${sameFamily(sql`e3.student_id`, enrollment.studentId)}
            and (e3.class_session_id = s2.id
              or (s2.sibling_discount_across_program and s3.class_section_id = s2.class_section_id
                and s3.session_end_date >= (p.created at time zone ${timeZone})::date)))
      group by p.id, p.line_items
      order by p.id`,
  );
  return rows
    .map((r) => ({
      paymentId: r.payment_id,
      firstNames: r.first_names,
      sessionName: r.session_name,
      discount: siblingDiscountEnding(placeOnPayment(r.line_items, r.still_enrolled)),
    }))
    .filter((r) => r.discount > 0);
}

function refundMethodOf(payment: PaymentRow | null): RefundMethod {
  if (!payment || payment.finalAmount === 0 || payment.provider === 'free') return 'none';
  return payment.provider === 'offline' ? 'office' : 'card';
}

/**
 * The exact refund withdrawing `enrollment`'s child on `today` gives (see the module comment). Read inside the
 * withdrawal's transaction under its locks, or without locks for the dialog's preview.
 */
async function quoteFor(
  db: DbOrTx,
  facts: {
    enrollment: EnrollmentRow;
    child: Child;
    session: SessionRow;
    payment: PaymentRow | null;
    today: string;
    /** The center's time zone (CENTER_TIMEZONE). */
    timeZone: string;
  },
): Promise<WithdrawalQuote> {
  const { enrollment, child, session, payment, today } = facts;
  const policy = {
    refundFullDaysBefore: session.refundFullDaysBefore,
    refundPercentAfter: session.refundPercentAfter,
    supplyFeeRefundUntil: session.supplyFeeRefundUntil,
  };
  const stillEnrolled = payment ? await stillEnrolledOn(db, payment.id) : 1;
  const lines = (payment?.lineItems ?? []) as LineItem[];
  const quote = refundQuote(policy, session.sessionStartDate, today, placeOnPayment(lines, stillEnrolled));
  const refundableOnPayment =
    payment?.status === 'Paid'
      ? Math.max(0, payment.finalAmount - payment.refundedAmount - (await pendingCents(db, payment.id)))
      : 0;
  const byPolicy = Math.min(quote.total, refundableOnPayment);
  const ending = await siblingDiscountsEndingWith(db, enrollment, session, facts.timeZone);
  // Given back from this refund, never below $0: the rest is not charged (decision 019).
  const siblingDiscountKept = Math.min(
    byPolicy,
    ending.reduce((sum, d) => sum + d.discount, 0),
  );
  const refund = byPolicy - siblingDiscountKept;
  return {
    enrollmentId: enrollment.id,
    child: { id: child.id, firstName: child.firstName, fullName: `${child.firstName} ${child.lastName}` },
    classSession: {
      id: session.id,
      name: session.name,
      sessionStartDate: session.sessionStartDate,
      sessionEndDate: session.sessionEndDate,
    },
    today,
    policy,
    policySentences: describeRefundPolicy(policy, session),
    window: quote.window,
    fullRefundUntil: fullRefundUntil(policy, session.sessionStartDate),
    registrationShare: quote.registrationShare,
    registrationRefund: quote.registrationRefund,
    supplyFeeRefund: quote.supplyFeeRefund,
    policyTotal: quote.total,
    refundableOnPayment,
    siblingDiscounts: ending.map(({ paymentId: _, ...d }) => d),
    siblingDiscountKept,
    refund,
    capped: byPolicy < quote.total,
    refundMethod: refundMethodOf(payment ?? null),
  };
}

/** The caller's own enrollment by a path id: 404 for a non-uuid, an unknown id or another family's child. */
async function ownEnrollmentRow(db: DbOrTx, userId: string, rawId: string): Promise<EnrollmentRow> {
  if (!isUuid(rawId)) throw notFound('That enrollment');
  const [row] = await db
    .select()
    .from(classSessionEnrollments)
    .where(and(eq(classSessionEnrollments.id, rawId), ownEnrollment(userId)));
  if (!row) throw notFound('That enrollment');
  return row;
}

/** Staff withdraw children from a roster (issue 10), not through the family's portal. */
function requireParent(user: AuthUser) {
  if (user.role !== 'Parent')
    throw new HttpError(
      403,
      'Staff accounts withdraw children from the session’s roster, not from the Student Portal.',
    );
}

/** 409 once the session's last day has passed: nothing is left to withdraw from. */
function assertNotEnded(session: { name: string; sessionEndDate: string }, childName: string, today: string) {
  if (today > session.sessionEndDate) {
    const say = (language: 'en' | 'es') =>
      mailT(language)('withdrawRefusal.ended', {
        session: session.name,
        date: formatPolicyDate(session.sessionEndDate, mailLocale(language)),
        name: childName,
      });
    throw new HttpError(409, say('en')).inSpanish(say('es'));
  }
}

/**
 * `GET …/{enrollmentId}/Withdrawal`: the quote for the caller's own enrolled child. 403 staff; 404 unknown,
 * malformed or another family's id; 409 a place that is not `Enrolled` or a session that has ended.
 */
export async function quoteWithdrawal(
  deps: MoneyDeps,
  user: AuthUser,
  rawEnrollmentId: string,
): Promise<WithdrawalQuote> {
  requireParent(user);
  const enrollment = await ownEnrollmentRow(deps.db, user.id, rawEnrollmentId);
  return quoteToday(deps, enrollment, (child, session, today) => {
    if (enrollment.status !== 'Enrolled') throw notWithdrawable(enrollment, child, session.name, deps.clock);
    assertNotEnded(session, child.firstName, today);
  });
}

/**
 * The same quote for the director's withdraw dialog (issue 21 item 17): what the session's policy gives back
 * for enrollment `enrollmentId` today, capped by what its payment still holds; the dialog starts from it.
 * The caller has checked the enrollment is `Enrolled` in the director's session. 404 an unknown id.
 */
export async function quoteForOffice(deps: MoneyDeps, enrollmentId: string): Promise<WithdrawalQuote> {
  const [enrollment] = await deps.db
    .select()
    .from(classSessionEnrollments)
    .where(eq(classSessionEnrollments.id, enrollmentId));
  if (!enrollment) throw notFound('That enrollment');
  return quoteToday(deps, enrollment);
}

/**
 * Today's quote for `enrollment` (read without locks; the withdrawal recomputes it under its locks): reads
 * its session, child and payment, lets `check` refuse (it throws), then applies the policy (`quoteFor`).
 */
async function quoteToday(
  deps: MoneyDeps,
  enrollment: typeof classSessionEnrollments.$inferSelect,
  check?: (child: Child, session: typeof classSessions.$inferSelect, today: string) => void,
): Promise<WithdrawalQuote> {
  const today = deps.clock.today(deps.clock.now());
  const [session] = await deps.db
    .select()
    .from(classSessions)
    .where(eq(classSessions.id, enrollment.classSessionId));
  const child = (await childOf(deps.db, enrollment.studentId))!;
  check?.(child, session!, today);
  const [payment] = enrollment.paymentId
    ? await deps.db.select().from(payments).where(eq(payments.id, enrollment.paymentId))
    : [];
  return quoteFor(deps.db, {
    enrollment,
    child,
    session: session!,
    payment: payment ?? null,
    today,
    timeZone: deps.clock.timeZone,
  });
}

/** The policy rule a quote applied, in words for the emails. */
function ruleInWords(quote: WithdrawalQuote): string {
  const until = formatPolicyDate(quote.fullRefundUntil);
  const rule =
    quote.window === 'full'
      ? `the full refund, up to ${until}`
      : `${quote.policy.refundPercentAfter}% of the registration after ${until}${quote.supplyFeeRefund > 0 ? ', and the supply fee until its date' : ''}`;
  const capped = quote.capped
    ? `${rule}; part of the payment had already been refunded, so ${formatCents(quote.refund + quote.siblingDiscountKept)} was left to give back`
    : rule;
  return quote.siblingDiscountKept > 0
    ? `${capped}; less ${formatCents(quote.siblingDiscountKept)} of sibling discount (${quote.siblingDiscounts
        .map((d) => `${d.firstNames.join(' and ')} in ${d.sessionName}`)
        .join('; ')}) that ended with this place`
    : capped;
}

/**
 * The sentence the parent reads after withdrawing (also for a repeated request). A Spanish page says it
 * itself from the result (web `enroll.withdraw.result*`, whose English `api-language.test.ts` holds to this).
 */
export function resultMessage(
  childName: string,
  refund: number,
  status: WithdrawResult['refundStatus'],
  method: RefundMethod | undefined,
): string {
  const withdrawn = `${childName} is withdrawn.`;
  if (refund === 0 || status === 'None') return `${withdrawn} There is no refund under the session’s policy.`;
  // Paid at the office (e.g. by check): the office gives the money back the way it came.
  if (method === 'office')
    return `${withdrawn} Our office will give back ${formatCents(refund)} the way you paid, and will be in touch.`;
  if (status === 'Failed')
    return `${withdrawn} The refund of ${formatCents(refund)} did not go through at the card company yet. Our office has been told and will make sure you get it back.`;
  if (status === 'Pending') return `${withdrawn} Your refund of ${formatCents(refund)} is on its way.`;
  return `${withdrawn} We have refunded ${formatCents(refund)}; it usually shows on your statement within 5–10 business days.`;
}

/**
 * `POST …/{enrollmentId}/Withdraw`: the parent withdraws their own child and gets the policy's refund. 403
 * staff; 404 unknown, malformed or another family's id; 409 a place no longer `Enrolled` ("already
 * withdrawn"), a session that has ended, or a refund other than `expectedRefund` (nothing changes; the message
 * gives the new amount). The same key again answers the same result, with one refund. Every parent of the
 * child and the center (`centerEmail`) are emailed; audited as `enrollment.withdraw` by the parent.
 */
export async function withdrawByParent(
  deps: ParentWithdrawDeps,
  user: AuthUser,
  rawEnrollmentId: string,
  body: WithdrawRequest,
): Promise<WithdrawResult> {
  requireParent(user);
  const own = await ownEnrollmentRow(deps.db, user.id, rawEnrollmentId);
  const byName = `${user.firstName} ${user.lastName}`;
  let quote: WithdrawalQuote | null = null;
  const outcome = await withdrawEnrollment(deps, {
    actor: { kind: 'parent', userId: user.id },
    enrollmentId: own.id,
    reason: `Withdrawn by ${byName} in the Student Portal`,
    idempotencyKey: body.idempotencyKey,
    refundKey: `withdraw-${own.id}-${body.idempotencyKey}`,
    decide: async (tx, place) => {
      assertNotEnded(place.session, place.child.firstName, place.today);
      const q = await quoteFor(tx, { ...place, session: place.session.row, timeZone: deps.clock.timeZone });
      if (q.refund !== body.expectedRefund)
        throw new HttpError(
          409,
          `The refund for withdrawing ${place.child.firstName} today is ${formatCents(q.refund)}, not the ${formatCents(body.expectedRefund)} you were shown: it depends on the day and on what was already refunded. Nothing has changed. Please check the new amount and confirm again.`,
          { expectedRefund: `The refund is now ${formatCents(q.refund)}.` },
        );
      quote = q;
      return {
        amount: q.refund,
        reason: `Withdrawn by the family (${ruleInWords(q)})`,
        audit: {
          window: q.window,
          registrationRefund: q.registrationRefund,
          supplyFeeRefund: q.supplyFeeRefund,
          policyTotal: q.policyTotal,
          siblingDiscountKept: q.siblingDiscountKept,
          siblingDiscounts: q.siblingDiscounts,
          today: q.today,
        },
      };
    },
    mails: (place, _decision, offered) => {
      const q = quote!;
      const withdrawal: ParentWithdrawal = {
        childName: place.child.firstName,
        childFullName: q.child.fullName,
        sessionName: place.session.name,
        byName,
        byEmail: user.emailAddress,
        refund: q.refund,
        registrationRefund: Math.min(q.registrationRefund, q.refund),
        supplyFeeRefund: q.refund - Math.min(q.registrationRefund, q.refund),
        method: q.refundMethod,
        rule: ruleInWords(q),
        date: place.today,
      };
      return [
        ...place.parents.map((parent) =>
          parentWithdrewMail({
            to: parent.emailAddress,
            parentName: parent.firstName,
            language: parent.language,
            ...withdrawal,
          }),
        ),
        centerWithdrawalMail({ to: deps.centerEmail, offered, ...withdrawal }),
      ];
    },
  });
  const child = (await childOf(deps.db, own.studentId))!;
  if (outcome.refundStatus === 'Failed' && !outcome.replayed) {
    const [session] = await deps.db
      .select({ name: classSessions.name })
      .from(classSessions)
      .where(eq(classSessions.id, own.classSessionId));
    await enqueueMail(
      deps.db,
      withdrawalRefundFailedMail({
        to: deps.centerEmail,
        childFullName: `${child.firstName} ${child.lastName}`,
        sessionName: session?.name ?? 'the session',
        familyName: byName,
        amount: outcome.refundAmount,
        appUrl: deps.appUrl,
      }),
    );
  }
  return {
    enrollmentId: outcome.enrollmentId,
    refund: outcome.refundAmount,
    refundStatus: outcome.refundStatus,
    message: resultMessage(
      child.firstName,
      outcome.refundAmount,
      outcome.refundStatus,
      (quote as WithdrawalQuote | null)?.refundMethod,
    ),
  };
}
