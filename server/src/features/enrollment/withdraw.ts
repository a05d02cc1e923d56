/**
 * The parent's withdrawal in the portal (issue 13, "Withdraw a child, with the session's refund policy"):
 * today's quote for their own enrolled child (`quoteWithdrawal`) and the withdrawal itself (`withdrawByParent`)
 * at the refund they were shown. The transaction is `withdrawEnrollment` (withdraw-apply.ts), shared with the
 * director's withdrawal; the refund is `quoteFor` (withdraw-quote.ts). This module re-exports both modules'
 * public names, so `withdraw.ts` stays the one import path of a withdrawal.
 */
import {
  formatCents,
  type RefundMethod,
  routes,
  type WithdrawalQuote,
  type WithdrawRequest,
  type WithdrawResult,
} from '@lc/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { classSessionEnrollments, classSessions } from '../../db/schema.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  centerWithdrawalMail,
  type ParentWithdrawal,
  parentWithdrewMail,
  withdrawalRefundFailedMail,
} from '../billing/money-mail.ts';
import type { MoneyDeps } from '../billing/refunds.ts';
import { ownEnrollment } from './records.ts';
import { childOf, type EnrollmentRow, notWithdrawable, withdrawEnrollment } from './withdraw-apply.ts';
import { quoteFor, quoteToday, ruleInWords } from './withdraw-quote.ts';

export {
  childOf,
  type LockedPlace,
  parentsOf,
  type RefundDecision,
  seatsChanged,
  type WithdrawActor,
  type WithdrawOutcome,
  type WithdrawPlan,
  withdrawEnrollment,
} from './withdraw-apply.ts';
export { quoteForOffice } from './withdraw-quote.ts';

/** The parent's routes need the center's address for its copy of the email. */
export type ParentWithdrawDeps = MoneyDeps & { centerEmail: string };

/** The caller's own enrollment by a path id: 404 for a non-uuid, an unknown id or another family's child. */
async function ownEnrollmentRow(db: DbOrTx, userId: string, rawId: string): Promise<EnrollmentRow> {
  if (!isUuid(rawId)) throw notFound('enrollment');
  const [row] = await db
    .select()
    .from(classSessionEnrollments)
    .where(and(eq(classSessionEnrollments.id, rawId), ownEnrollment(userId)));
  if (!row) throw notFound('enrollment');
  return row;
}

/** Staff withdraw children from a roster (issue 10), not through the family's portal. */
function requireParent(user: AuthUser) {
  if (user.role !== 'Parent') throw new HttpError(403, 'enrollment.withdraw.staffAccount');
}

/** 409 once the session's last day has passed: nothing is left to withdraw from. */
function assertNotEnded(session: { name: string; sessionEndDate: string }, childName: string, today: string) {
  if (today > session.sessionEndDate)
    throw new HttpError(409, 'enrollment.withdraw.ended', {
      params: { session: session.name, date: session.sessionEndDate, name: childName },
    });
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
        throw new HttpError(409, 'enrollment.withdraw.refundChanged', {
          params: {
            name: place.child.firstName,
            refund: formatCents(q.refund),
            expected: formatCents(body.expectedRefund),
          },
          fields: { expectedRefund: 'enrollment.withdraw.refundNow' },
        });
      quote = q;
      return {
        amount: q.refund,
        keepOwed: q.plan?.owed ?? 0,
        reason: `Withdrawn by the family (${ruleInWords(q)})`,
        audit: {
          window: q.window,
          registrationRefund: q.registrationRefund,
          supplyFeeRefund: q.supplyFeeRefund,
          policyTotal: q.policyTotal,
          siblingDiscountKept: q.siblingDiscountKept,
          siblingDiscounts: q.siblingDiscounts,
          ...(q.plan ? { plan: q.plan } : {}),
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
        planOwed: q.plan?.owed ?? 0,
      };
      return [
        ...place.parents.map((parent) =>
          parentWithdrewMail({
            to: parent.emailAddress,
            parentName: parent.firstName,
            language: parent.language,
            billingUrl: `${deps.appUrl}${routes.billing}`,
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
