/**
 * Staff refunds (issue 10), in full or in part, through the payment's provider (Stripe refunds with an amount
 * and an idempotency key; the built-in test checkout records them; an `offline` payment, e.g. a check, is
 * given back by the office and only recorded here).
 *
 * Two steps, so the provider is never called under a row lock and a provider failure never counts money as
 * refunded:
 * 1. `reserveRefund` (in the caller's transaction): lock the payment row (`SELECT … FOR UPDATE`), answer an
 *    earlier refund with the same idempotency key, check amount ≤ finalAmount − refundedAmount − refunds in
 *    progress, insert a `Pending` refund row and its audit row.
 * 2. `completeRefund` (after commit): call the provider with the refund's idempotency key; then, under the
 *    payment lock, mark it `Succeeded` (only from `Pending`: one winner), add the amount to
 *    `payments.refunded_amount`, set the payment `Refunded` when all of it is back, audit and email the
 *    family; or mark it `Failed` and answer 502.
 *
 * A server that stops between the two steps leaves the refund `Pending`; the background job
 * `resumePendingRefunds` completes it again with its own key a few minutes later.
 *
 * A double click and a retry carry the same key (same refund); two directors with different keys are
 * serialised by the payment lock and the pending sum; fulfillment (`fulfill-checkout.ts`) leaves a `Paid`
 * payment untouched (it is final), so a late checkout webhook cannot refund it again, and a `RefundDue`
 * payment (fulfillment's own full refund) is refused here.
 */
import { randomUUID } from 'node:crypto';
import { formatCents, type PaymentStatus, type Refund } from '@lc/contract';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { CheckoutState } from '../../adapters/payments/types.ts';
import { type DbOrTx, queryRows, type Tx } from '../../db/client.ts';
import { classSessions, payments, refunds } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import { recordAudit } from '../audit/record.ts';
import type { FulfillDeps } from '../enrollment/fulfill-checkout.ts';
import { familyRecipients } from '../family/mail-recipients.ts';
import { amountRefusal } from './amount-refusal.ts';
import { postRefundEntries } from './ledger.ts';
import { refundMadeMail } from './money-mail.ts';

export type MoneyDeps = FulfillDeps;

export type RefundRequest = {
  /** Cents, > 0. */
  amount: number;
  reason: string;
  idempotencyKey: string;
  /** The child whose place the money goes back for (a withdrawal's); otherwise the payment's children. */
  studentId?: string;
};

type RefundRow = typeof refunds.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** Providers whose money goes back through an API call; `offline` is given back by hand. */
const CALLED = new Set(['stripe', 'test']);

/** A key for a refund the page did not name (the withdraw dialog's optional refund). */
export const newRefundKey = () => `srv-${randomUUID()}`;

/** Cents of `paymentId` held by refunds in progress (reserved, not yet made). */
export async function pendingCents(tx: DbOrTx, paymentId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select coalesce(sum(amount), 0)::int as n from refunds where payment_id = ${paymentId} and status = 'Pending'`,
  );
  return row?.n ?? 0;
}

/**
 * Step 1, inside `tx`: lock the payment and write a `Pending` refund (or find the one `idempotencyKey` already
 * made). 404 unknown payment; 409 a payment that is not paid, already refunded in full or being refunded
 * automatically, or a key used for a different refund; 400 (field `amount`) more than is left to refund.
 * Answers the refund row and whether it was made now.
 */
export async function reserveRefund(
  tx: Tx,
  actorUserId: string,
  paymentId: string,
  request: RefundRequest,
  now: Date,
): Promise<{ refund: RefundRow; created: boolean }> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!payment) throw notFound('payment');
  const [earlier] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, request.idempotencyKey));
  if (earlier) {
    if (earlier.paymentId !== paymentId || earlier.amount !== request.amount)
      throw new HttpError(409, 'billing.refund.keyReused');
    return { refund: earlier, created: false };
  }
  if (payment.status === 'RefundDue' || (payment.status === 'Refunded' && payment.refundedAmount === 0))
    throw new HttpError(409, 'billing.refund.automatic');
  if (payment.status === 'Refunded') throw new HttpError(409, 'billing.refund.alreadyRefunded');
  if (payment.status !== 'Paid') throw new HttpError(409, 'billing.refund.notPaid');
  const pending = await pendingCents(tx, paymentId);
  const left = payment.finalAmount - payment.refundedAmount - pending;
  if (left <= 0) throw amountRefusal('billing.refund.nothingLeft');
  if (request.amount > left) throw amountRefusal('billing.refund.atMost', { amount: formatCents(left) });
  const [refund] = await tx
    .insert(refunds)
    .values({
      paymentId,
      amount: request.amount,
      reason: request.reason,
      status: 'Pending',
      idempotencyKey: request.idempotencyKey,
      requestedBy: actorUserId,
      studentId: request.studentId ?? null,
      created: now,
      updated: now,
    })
    .returning();
  await recordAudit(
    tx,
    {
      actorUserId,
      action: 'payment.refund.requested',
      entityType: 'Payment',
      entityId: paymentId,
      before: { refundedAmount: payment.refundedAmount, status: payment.status },
      after: { refundId: refund!.id, amount: request.amount, reason: request.reason },
    },
    now,
  );
  return { refund: refund!, created: true };
}

/** What the provider needs to find the charge again: the payment as a completed checkout. */
function checkoutOf(payment: PaymentRow): CheckoutState {
  return {
    checkoutId: payment.checkoutId ?? payment.id,
    status: 'complete',
    paymentStatus: 'paid',
    paymentFailed: false,
    paymentIntentId: payment.paymentIntentId,
    receiptUrl: payment.receiptUrl,
    raw: payment.checkoutJSON,
    chargeRaw: payment.chargeJSON,
    savedMethod: null,
  };
}

const refundIdOf = (raw: unknown) =>
  raw && typeof raw === 'object' && 'id' in raw && typeof raw.id === 'string' ? raw.id : null;

/**
 * Step 2, after the reservation committed: give the money back through the provider and record the outcome.
 * A refund no longer `Pending` is answered as it stands. 502 with a sentence the director can act on when the
 * provider refuses (the refund is then `Failed` and nothing counts as refunded).
 */
export async function completeRefund(deps: MoneyDeps, actorUserId: string | null, refundId: string) {
  const [refund] = await deps.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!refund) throw notFound('refund');
  if (refund.status !== 'Pending') return;
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, refund.paymentId));
  let providerRefundId: string | null = null;
  try {
    if (CALLED.has(payment!.provider)) {
      const provider = deps.providers[payment!.provider];
      if (!provider) throw new Error(`the ${payment!.provider} payment provider is not configured`);
      providerRefundId = refundIdOf(
        await provider.refund(checkoutOf(payment!), refund.amount, refund.idempotencyKey),
      );
    }
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    deps.log(`staff refund ${refund.id} of payment ${refund.paymentId} failed: ${detail}`);
    await deps.db.transaction(async (tx) => {
      const failed = await tx
        .update(refunds)
        .set({ status: 'Failed', updated: deps.clock.now() })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'Pending')))
        .returning({ id: refunds.id });
      if (failed.length === 0) return;
      await recordAudit(
        tx,
        {
          actorUserId,
          action: 'payment.refund.failed',
          entityType: 'Payment',
          entityId: refund.paymentId,
          before: { refundId: refund.id, status: 'Pending' },
          after: { refundId: refund.id, status: 'Failed', error: detail.slice(0, 300) },
        },
        deps.clock.now(),
      );
    });
    throw refundFailed();
  }
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const [locked] = await tx.select().from(payments).where(eq(payments.id, refund.paymentId)).for('update');
    const done = await tx
      .update(refunds)
      .set({ status: 'Succeeded', providerRefundId, updated: now })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'Pending')))
      .returning({ id: refunds.id });
    if (done.length === 0 || !locked) return; // another request with the same key settled it
    const refundedAmount = locked.refundedAmount + refund.amount;
    const status: PaymentStatus = refundedAmount >= locked.finalAmount ? 'Refunded' : 'Paid';
    await tx.update(payments).set({ refundedAmount, status }).where(eq(payments.id, locked.id));
    await postRefundEntries(tx, { refundId: refund.id });
    await recordAudit(
      tx,
      {
        actorUserId,
        action: 'payment.refund',
        entityType: 'Payment',
        entityId: locked.id,
        before: { refundedAmount: locked.refundedAmount, status: locked.status },
        after: { refundedAmount, status, refundId: refund.id, amount: refund.amount },
      },
      now,
    );
    const [session] = locked.classSessionId
      ? await tx
          .select({ name: classSessions.name })
          .from(classSessions)
          .where(eq(classSessions.id, locked.classSessionId))
      : [];
    // Every parent of the payer's family who gets mail (decision 018); a closed account has no address left.
    for (const parent of await familyRecipients(tx, { userId: locked.userId }))
      await enqueueMail(
        tx,
        refundMadeMail({
          to: parent.emailAddress,
          parentName: parent.firstName,
          sessionName: session?.name ?? null,
          amount: refund.amount,
          offline: !CALLED.has(locked.provider),
          appUrl: deps.appUrl,
          language: parent.language,
        }),
      );
  });
}

const refundFailed = () => new HttpError(502, 'billing.refund.providerRefused');

/** The refund as the API answers it, with its payment's refunded total and status. */
export async function readRefund(deps: MoneyDeps, refundId: string): Promise<Refund> {
  const [row] = await deps.db
    .select({ refund: refunds, paymentRefunded: payments.refundedAmount, paymentStatus: payments.status })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId));
  if (!row) throw notFound('refund');
  return {
    id: row.refund.id,
    paymentId: row.refund.paymentId,
    amount: row.refund.amount,
    reason: row.refund.reason,
    status: row.refund.status as Refund['status'],
    created: row.refund.created.toISOString(),
    paymentRefundedAmount: row.paymentRefunded,
    paymentStatus: row.paymentStatus as Refund['paymentStatus'],
  };
}

/**
 * Refund `request.amount` cents of payment `paymentId` (Admin; the route checks). Same key → same refund
 * (one still `Pending` is completed again with the same provider key, which the provider answers with the
 * same refund; a `Failed` one answers 502 again). Errors: see `reserveRefund` and `completeRefund`.
 */
export async function refundPayment(
  deps: MoneyDeps,
  actorUserId: string,
  paymentId: string,
  request: RefundRequest,
): Promise<{ refund: Refund; created: boolean }> {
  const { refund, created } = await deps.db.transaction((tx) =>
    reserveRefund(tx, actorUserId, paymentId, request, deps.clock.now()),
  );
  if (refund.status === 'Failed') throw refundFailed();
  await completeRefund(deps, actorUserId, refund.id);
  return { refund: await readRefund(deps, refund.id), created };
}

/** Advisory lock key of the job that resumes interrupted refunds ("LC" 0004). */
export const REFUND_RESUME_LOCK = 0x4c43_0004;

/** A refund still `Pending` this long after it was asked for lost its server between the two steps. */
const RESUME_AFTER_MS = 2 * 60_000;

/**
 * Stripe keeps an idempotency key for 24 hours (https://docs.stripe.com/api/idempotent_requests): past that,
 * calling again with the same key could make a second refund. A refund interrupted longer ago than this is
 * left `Pending` (its amount stays reserved) and logged, for the office to check in the Stripe dashboard.
 */
const RESUME_UNTIL_MS = 20 * 60 * 60_000;

/** At most this many interrupted refunds are resumed per round; the rest in the next. */
const RESUME_BATCH = 20;

/**
 * Complete refunds a stopped server left `Pending` between `reserveRefund` and `completeRefund` (asked for
 * between 20 hours and 2 minutes ago), each with its own idempotency key, so the provider answers the refund
 * it may already have made instead of making another; the `Pending` → `Succeeded` step happens once, so the
 * family is emailed once. Recorded in the audit trail as done by the system. A provider that refuses marks
 * the refund `Failed` (logged, nothing counted). Answers the ids completed or failed this round.
 */
export async function resumePendingRefunds(deps: MoneyDeps): Promise<string[]> {
  const now = deps.clock.now().getTime();
  const stale = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'Pending'),
        lte(refunds.created, new Date(now - RESUME_AFTER_MS)),
        gt(refunds.created, new Date(now - RESUME_UNTIL_MS)),
      ),
    )
    .orderBy(asc(refunds.created))
    .limit(RESUME_BATCH);
  const settled: string[] = [];
  for (const { id } of stale) {
    try {
      await completeRefund(deps, null, id);
    } catch (error) {
      deps.log(`resuming refund ${id}: ${error instanceof Error ? error.message : String(error)}`);
    }
    settled.push(id);
  }
  const [expired] = await queryRows<{ n: number }>(
    deps.db,
    sql`select count(*)::int as n from refunds
      where status = 'Pending' and created <= ${new Date(now - RESUME_UNTIL_MS)}`,
  );
  if (expired && expired.n > 0)
    deps.log(
      `${expired.n} refund(s) have been Pending for over 20 hours and were not resumed automatically: check them in the Stripe dashboard`,
    );
  return settled;
}
