/**
 * Withdrawing a child from a session, the transaction: one implementation for the parent in the portal
 * (issue 13, "Withdraw a child, with the session's refund policy"; withdraw.ts) and the director on a roster
 * (issue 10, `withdrawChild`).
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
 * refund a second time. The refund the parent's rule gives is withdraw-quote.ts.
 */
import type { WithdrawResult } from '@lc/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { MailMessage } from '../../adapters/mail.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { auditEvents, classSessionEnrollments, payments, refunds, students } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordAudit } from '../audit/record.ts';
import { creditUnpaid } from '../billing/office-ledger.ts';
import { completeRefund, type MoneyDeps, reserveRefund } from '../billing/refunds.ts';
import { invalidateCatalog } from '../class-sessions/catalog.ts';
import { familyRecipients } from '../family/mail-recipients.ts';
import { lockFamilyOfChild } from '../family/members.ts';
import { seatsMayHaveFreed } from './seat-gate.ts';
import { type LockedSession, readSession } from './seats.ts';
import { offerFreedSeats } from './waitlist.ts';

export type EnrollmentRow = typeof classSessionEnrollments.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
/** A child as a withdrawal names it. */
export type Child = { id: string; firstName: string; lastName: string };
/** A parent who gets the family's mail, in their language. */
export type Parent = {
  id: string;
  emailAddress: string;
  firstName: string;
  lastName: string;
  language: string;
};

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
/**
 * What a withdrawal gives back (`amount`, cents) and why; `keepOwed`: cents of the place that stay owed (a
 * payment plan's share the refund policy keeps, issue 23), the rest of what is unpaid is credited.
 */
export type RefundDecision = {
  amount: number;
  reason: string;
  audit?: Record<string, unknown>;
  keepOwed?: number;
};

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

/** 409 for a place that cannot be withdrawn (any more): the code says why (withdrawn on the center's date). */
export function notWithdrawable(enrollment: EnrollmentRow, child: Child, sessionName: string, clock: Clock) {
  const params = { name: child.firstName, session: sessionName };
  if (enrollment.status === 'Withdrawn')
    return enrollment.withdrawnAt
      ? new HttpError(409, 'enrollment.withdraw.alreadyWithdrawnOn', {
          params: { ...params, date: clock.today(enrollment.withdrawnAt) },
        })
      : new HttpError(409, 'enrollment.withdraw.alreadyWithdrawn', { params });
  if (enrollment.status === 'PendingPayment')
    return new HttpError(409, 'enrollment.withdraw.heldOnly', { params });
  return new HttpError(409, 'enrollment.withdraw.cancelled', { params });
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
    if (!seen) throw notFound('enrollment');
    // Lock order: the payment row, then the session row (as fulfillment and the release of a lapsed hold),
    // then the family's user rows (as a waitlist join: session, then family). The family lock serialises the
    // withdrawals of brothers' and sisters' places in other sessions, whose quotes read each other's places.
    const [payment] = seen.paymentId
      ? await tx.select().from(payments).where(eq(payments.id, seen.paymentId)).for('update')
      : [];
    const session = await readSession(tx, seen.classSessionId, now, today, { lock: true });
    if (!session) throw notFound('session');
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
      if (!place.payment) throw new HttpError(400, 'enrollment.withdraw.noPayment');
      const { refund } = await reserveRefund(
        tx,
        actor.userId,
        place.payment.id,
        {
          amount: decision.amount,
          reason: decision.reason,
          idempotencyKey: plan.refundKey,
          studentId: child.id,
        },
        now,
      );
      refundId = refund.id;
    }
    await tx
      .update(classSessionEnrollments)
      .set({ status: 'Withdrawn', withdrawnReason: plan.reason, withdrawnAt: now, updated: now })
      .where(eq(classSessionEnrollments.id, enrollment!.id));
    // What the family had not paid for the place is not owed once the child has left (decision 022), but
    // for what the refund policy keeps of a payment plan (`keepOwed`).
    await creditUnpaid(
      tx,
      {
        enrollmentId: enrollment!.id,
        classSessionId: session.id,
        studentId: child.id,
        fallbackPayer: place.payment?.userId ?? place.parents[0]?.id ?? null,
        keepOwed: decision.keepOwed ?? 0,
      },
      { actorUserId: actor.userId, now, today },
    );
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
