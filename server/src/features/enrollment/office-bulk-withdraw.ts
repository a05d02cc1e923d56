/**
 * The director withdraws several children of a roster at once (issue 24; contract `staff-bulk-withdraw.ts`).
 * The preview is each child's single-withdrawal quote (`quoteForOffice`: the policy's refund today, capped by
 * what the payment still holds). The withdrawal first checks every child (one no longer enrolled, and not
 * withdrawn by this very request before: 409 naming them, nothing done), then withdraws them in the order
 * given, each with the single withdrawal itself (`withdrawChild`: its own transaction, its refund reserved,
 * the seat offered, the family mailed, audited) and the policy's refund computed at its turn — the amount the
 * single dialog starts at — so siblings on one payment get what separate withdrawals one after the other would.
 * They cannot share one transaction: a refund goes to the provider after its withdrawal commits (withdraw-apply.ts).
 * Each child's idempotency key is the request's key and the child's id: a retry after a lost answer skips the
 * children already withdrawn by it and refunds nobody twice.
 */
import type {
  BulkWithdrawInput,
  BulkWithdrawPreview,
  BulkWithdrawPreviewInput,
  BulkWithdrawResult,
} from '@lc/contract';
import { formatCents } from '@lc/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { auditEvents, classSessionEnrollments, classSessions } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import type { MoneyDeps } from '../billing/refunds.ts';
import { enrolledPlace, notEnrolled } from './office-places.ts';
import { withdrawChild } from './office-withdraw.ts';
import { childOf, quoteForOffice } from './withdraw.ts';

/** Each child's own key: the request's key and the child's id (at most 97 characters). */
const childKey = (key: string, studentId: string) => `${key}-${studentId}`;

/**
 * `POST /api/staff/sessions/{id}/bulk-withdraw/preview`: each child's refund by the policy today (cents), as
 * the single withdrawal quotes it, and the sum. Changes nothing. 404 a session or a child not enrolled in it.
 */
export async function previewBulkWithdraw(
  deps: MoneyDeps,
  classSessionId: number,
  input: BulkWithdrawPreviewInput,
): Promise<BulkWithdrawPreview> {
  const children: BulkWithdrawPreview['children'] = [];
  for (const studentId of input.studentIds) {
    const enrollment = await enrolledPlace(deps, classSessionId, studentId);
    const quote = await quoteForOffice(deps, enrollment.id);
    children.push({ studentId, name: quote.child.fullName, refund: quote.refund, capped: quote.capped });
  }
  return { children, total: children.reduce((sum, c) => sum + c.refund, 0) };
}

/** The refund this actor's `key` already gave the child here (its audit row), or null when it did not withdraw them. */
async function earlierRefund(deps: MoneyDeps, actorUserId: string, studentId: string, key: string) {
  const [row] = await deps.db
    .select({ after: auditEvents.after })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, 'enrollment.withdraw'),
        eq(auditEvents.actorUserId, actorUserId),
        sql`${auditEvents.after}->>'idempotencyKey' = ${childKey(key, studentId)}`,
      ),
    )
    .orderBy(desc(auditEvents.at))
    .limit(1);
  return row ? ((row.after as { refundAmount?: number }).refundAmount ?? 0) : null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * `POST /api/staff/sessions/{id}/bulk-withdraw`: see the module comment. 404 an unknown session or child; 409
 * (`billing.bulkWithdraw.notEnrolled`, naming the child) when one is no longer enrolled, before anything is
 * done. A provider refusing one refund does not stop the others: that child is withdrawn and marked
 * `refundFailed`, as the single withdrawal leaves it.
 */
export async function bulkWithdraw(
  deps: MoneyDeps,
  actorUserId: string,
  classSessionId: number,
  input: BulkWithdrawInput,
): Promise<BulkWithdrawResult> {
  const plan: Array<{ studentId: string; done: number | null }> = [];
  for (const studentId of input.studentIds) {
    const [place] = await deps.db
      .select({ id: classSessionEnrollments.id })
      .from(classSessionEnrollments)
      .where(
        and(
          eq(classSessionEnrollments.classSessionId, classSessionId),
          eq(classSessionEnrollments.studentId, studentId),
          eq(classSessionEnrollments.status, 'Enrolled'),
        ),
      );
    if (place) {
      plan.push({ studentId, done: null });
      continue;
    }
    const done = await earlierRefund(deps, actorUserId, studentId, input.idempotencyKey);
    if (done !== null) {
      plan.push({ studentId, done });
      continue;
    }
    const [session] = await deps.db
      .select({ id: classSessions.id })
      .from(classSessions)
      .where(eq(classSessions.id, classSessionId));
    if (!session) throw notFound('session');
    const child = await childOf(deps.db, studentId);
    if (!child) throw notEnrolled();
    throw new HttpError(409, 'billing.bulkWithdraw.notEnrolled', {
      params: { child: `${child.firstName} ${child.lastName}` },
    });
  }
  const children: BulkWithdrawResult['children'] = [];
  for (const { studentId, done } of plan) {
    if (done !== null) {
      children.push({ studentId, refund: done, refundFailed: false });
      continue;
    }
    // The amount the single dialog starts at, read now: after a brother's or sister's withdrawal before it.
    const quote = await quoteForOffice(deps, (await enrolledPlace(deps, classSessionId, studentId)).id);
    try {
      await withdrawChild(deps, actorUserId, classSessionId, {
        studentId,
        reason: input.reason,
        familyMessage: input.familyMessage,
        refundAmount: quote.refund,
        idempotencyKey: childKey(input.idempotencyKey, studentId),
      });
      children.push({ studentId, refund: quote.refund, refundFailed: false });
    } catch (error) {
      if (!(error instanceof HttpError && error.code === 'billing.withdraw.refundFailed')) throw error;
      children.push({ studentId, refund: quote.refund, refundFailed: true });
    }
  }
  const refunded = children.filter((c) => !c.refundFailed).reduce((sum, c) => sum + c.refund, 0);
  const failed = children.filter((c) => c.refundFailed).length;
  return {
    children,
    message:
      `Withdrew ${plural(children.length, 'child', 'children')}; ${formatCents(refunded)} refunded by the policy. Each family has been emailed.` +
      (failed > 0
        ? ` ${plural(failed, 'refund', 'refunds')} could not be made through the payment provider: refund ${failed === 1 ? 'it' : 'them'} by hand.`
        : ''),
  };
}
