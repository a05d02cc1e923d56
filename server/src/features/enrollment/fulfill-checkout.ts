/**
 * Fulfillment: the one idempotent function that turns a checkout's outcome into enrollments (docs/architecture.md
 * "Checkout"). The Stripe webhook, the return page's `Confirmation/{checkoutId}` call, the test checkout's
 * Pay and Cancel buttons and the hold sweeper all call it; it never trusts its caller about the outcome and
 * asks the provider (`retrieveCheckout`) before taking any lock.
 *
 * Under the payment row lock (then the session row lock):
 * - paid → every held child becomes `Enrolled` and the payment `Paid`, with a confirmation email; if the hold
 *   had lapsed and the seats are gone meanwhile, nobody is enrolled over capacity: the enrollments are
 *   cancelled and the payment refunded (`Refunded`, or `RefundDue` when the provider refused the refund);
 * - expired, cancelled or failed → the held seats are released and offered to the waitlist;
 * - still open → nothing changes (unless the sweeper says the hold has passed: then it is released).
 * A payment already `Paid`, `Refunded` or `RefundDue` is final and returned untouched, so a duplicate webhook,
 * a webhook racing the return page, or a double-clicked Pay all end in one payment and one enrollment per
 * child. A webhook event id is recorded in the same transaction as its effect (`processed_webhook_events`).
 */
import { planScheduleOf, type StoredPlan } from '@lc/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CheckoutState, PaymentProvider } from '../../adapters/payments/types.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { classSessionEnrollments, payments, processedWebhookEvents, students } from '../../db/schema.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import { saveMethod } from '../billing/autopay.ts';
import { postPaymentEntries, postRefundEntries } from '../billing/ledger.ts';
import { applyBalancePayment, queuePaymentReceived } from '../billing/pay-balance.ts';
import { applyActiveSplit } from '../billing/split.ts';
import { invalidateCatalog } from '../class-sessions/catalog.ts';
import { familyRecipients } from '../family/mail-recipients.ts';
import { enrollmentConfirmedMail, paymentRefundedMail } from './registration-mail.ts';
import { settleEnrollmentsAfterRelease } from './release.ts';
import { seatsMayHaveFreed } from './seat-gate.ts';
import { readSession } from './seats.ts';
import { acceptWaitlistPlaces, type RegistrationDeps } from './waitlist.ts';

export type FulfillDeps = RegistrationDeps & {
  /** Providers by `payments.provider` ('stripe', 'test'). */
  providers: Partial<Record<string, PaymentProvider>>;
  log: (message: string) => void;
};

export type FulfillOptions = {
  /** A webhook event to record once, in the same transaction as its effect. */
  event?: { id: string; type: string };
  /** The sweeper: the hold has passed, so an checkout that is still open is released too. */
  holdPassed?: boolean;
};

export type FulfillOutcome =
  | 'unknown'
  | 'duplicate-event'
  | 'already-final'
  | 'paid'
  | 'refunded'
  | 'released'
  | 'pending';

const FINAL = ['Paid', 'Refunded', 'RefundDue'];

type PaymentRow = typeof payments.$inferSelect;

/** Settle one checkout by its provider id. */
export async function fulfillCheckout(
  deps: FulfillDeps,
  checkoutId: string,
  options: FulfillOptions = {},
): Promise<FulfillOutcome> {
  const [first] = await deps.db.select().from(payments).where(eq(payments.checkoutId, checkoutId));
  if (!first) return 'unknown';
  if (FINAL.includes(first.status)) {
    if (options.event) await recordEvent(deps.db, options.event);
    return 'already-final';
  }
  const provider = deps.providers[first.provider];
  if (!provider) throw new Error(`No payment provider "${first.provider}" is configured for ${checkoutId}`);
  const state = await provider.retrieveCheckout(checkoutId);
  return settle(deps, first.id, state, provider, options);
}

/** Finish a payment with nothing to pay (a free session): enrolled at once, same path as a paid checkout. */
export async function fulfillFreePayment(deps: FulfillDeps, paymentId: string): Promise<FulfillOutcome> {
  const state: CheckoutState = {
    checkoutId: `free_${paymentId}`,
    status: 'complete',
    paymentStatus: 'no_payment_required',
    paymentFailed: false,
    paymentIntentId: null,
    receiptUrl: null,
    raw: { object: 'free_enrollment' },
    chargeRaw: null,
    savedMethod: null,
  };
  await deps.db.update(payments).set({ checkoutId: state.checkoutId }).where(eq(payments.id, paymentId));
  return settle(deps, paymentId, state, null, {});
}

async function settle(
  deps: FulfillDeps,
  paymentId: string,
  state: CheckoutState,
  provider: PaymentProvider | null,
  options: FulfillOptions,
): Promise<FulfillOutcome> {
  const result = await deps.db.transaction(async (tx) => {
    if (options.event && !(await recordEvent(tx, options.event)))
      return { outcome: 'duplicate-event' as const };
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) return { outcome: 'unknown' as const };
    if (FINAL.includes(payment.status)) return { outcome: 'already-final' as const };
    const paid = state.status === 'complete' && state.paymentStatus !== 'unpaid';
    // A payment toward the family's balance ("pay now", issue 23) seats no one: it pays the account.
    if (paid && payment.classSessionId === null) return completeBalancePayment(tx, deps, payment, state);
    if (paid) return completePaid(tx, deps, payment, state);
    // A bank debit the family completed is processing for days (Stripe: `complete` + `unpaid`): the seats stay
    // held until it succeeds or fails, however long the checkout's own hold was (issue 23).
    const processing = state.status === 'complete' && !state.paymentFailed;
    if (processing && payment.status === 'Pending') await holdWhileProcessing(tx, deps, payment.id);
    const over =
      state.status === 'expired' || state.paymentFailed || (options.holdPassed === true && !processing);
    if (!over) return { outcome: 'pending' as const };
    if (payment.status === 'Pending') {
      await tx
        .update(payments)
        .set({ status: state.paymentFailed ? 'Failed' : 'Expired', checkoutJSON: state.raw as object })
        .where(eq(payments.id, payment.id));
      if (payment.classSessionId !== null)
        await settleEnrollmentsAfterRelease(tx, deps, payment.id, payment.classSessionId);
    }
    return { outcome: 'released' as const };
  });
  // Paid, released or refunded: the catalog's seat counts may have moved (decision 008).
  invalidateCatalog(deps.db);
  seatsMayHaveFreed(deps.db);
  if (result.outcome === 'refund' && provider)
    return refund(deps, result.payment, state, provider, result.sessionName);
  if (result.outcome === 'refund') return 'refunded';
  return result.outcome;
}

/** Days a processing bank debit holds its seats (ACH debits settle in about four business days). */
export const PROCESSING_HOLD_DAYS = 10;

/** Keep a processing debit's payment and held places from lapsing: their hold runs `PROCESSING_HOLD_DAYS`. */
async function holdWhileProcessing(tx: Tx, deps: FulfillDeps, paymentId: string): Promise<void> {
  const until = new Date(deps.clock.now().getTime() + PROCESSING_HOLD_DAYS * 86_400_000);
  await tx
    .update(payments)
    .set({ holdExpiresAt: until })
    .where(and(eq(payments.id, paymentId), sql`${payments.holdExpiresAt} < ${until}`));
  await tx
    .update(classSessionEnrollments)
    .set({ holdExpiresAt: until })
    .where(
      and(
        eq(classSessionEnrollments.paymentId, paymentId),
        eq(classSessionEnrollments.status, 'PendingPayment'),
        sql`${classSessionEnrollments.holdExpiresAt} < ${until}`,
      ),
    );
}

/** True when the event is new (and is now recorded), false when it was processed before. */
async function recordEvent(tx: DbOrTx, event: { id: string; type: string }): Promise<boolean> {
  const inserted = await tx
    .insert(processedWebhookEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: processedWebhookEvents.id });
  return inserted.length === 1;
}

async function completePaid(tx: Tx, deps: FulfillDeps, payment: PaymentRow, state: CheckoutState) {
  const now = deps.clock.now();
  const sessionId = payment.classSessionId!;
  const session = await readSession(tx, sessionId, now, deps.clock.today(now), {
    lock: true,
    exceptPaymentId: payment.id,
  });
  const enrollments = await tx
    .select()
    .from(classSessionEnrollments)
    .where(eq(classSessionEnrollments.paymentId, payment.id));
  const studentIds = enrollments.map((e) => e.studentId);
  // A released child may have a new live place in the session by now (another checkout): then this payment
  // would be a second seat for the same child.
  const otherLive = await tx
    .select({ id: classSessionEnrollments.id })
    .from(classSessionEnrollments)
    .where(
      and(
        eq(classSessionEnrollments.classSessionId, sessionId),
        inArray(
          classSessionEnrollments.studentId,
          studentIds.length ? studentIds : ['00000000-0000-0000-0000-000000000000'],
        ),
        sql`${classSessionEnrollments.paymentId} is distinct from ${payment.id}`,
        sql`(${classSessionEnrollments.status} = 'Enrolled' or (${classSessionEnrollments.status} = 'PendingPayment' and ${classSessionEnrollments.holdExpiresAt} > ${now}))`,
      ),
    );
  // Seats this payment may take: those left after everyone else's places, plus any still held by its own
  // unexpired hold (which `exceptPaymentId` left out of the count).
  const fits = session !== null && otherLive.length === 0 && enrollments.length <= session.seatsLeft;
  const paidFields = {
    paymentIntentId: state.paymentIntentId,
    receiptUrl: state.receiptUrl,
    checkoutJSON: state.raw as object,
    chargeJSON: (state.chargeRaw as object | null) ?? null,
  };
  if (!fits) {
    await tx
      .update(classSessionEnrollments)
      .set({ status: 'Cancelled', updated: now })
      .where(
        and(
          eq(classSessionEnrollments.paymentId, payment.id),
          eq(classSessionEnrollments.status, 'PendingPayment'),
        ),
      );
    await tx
      .update(payments)
      .set({ status: 'RefundDue', ...paidFields })
      .where(eq(payments.id, payment.id));
    // The money came in: the family holds it as a credit until the refund goes out (ledger.ts).
    await postPaymentEntries(tx, deps.clock.timeZone, payment.id);
    return {
      outcome: 'refund' as const,
      payment: { ...payment, ...paidFields, status: 'RefundDue' },
      sessionName: session?.name ?? null,
    };
  }
  await tx
    .update(classSessionEnrollments)
    .set({ status: 'Enrolled', holdExpiresAt: null, updated: now })
    .where(eq(classSessionEnrollments.paymentId, payment.id));
  await tx
    .update(payments)
    .set({ status: 'Paid', ...paidFields })
    .where(eq(payments.id, payment.id));
  await postPaymentEntries(tx, deps.clock.timeZone, payment.id);
  // Parents who share the bills divide the new place's instalments as they agreed (split.ts).
  await applyActiveSplit(tx, payment.userId, deps.clock.timeZone, now);
  // The card or bank account the family asked to save pays the plan's instalments (autopay, issue 23).
  if (payment.saveMethod && state.savedMethod)
    await saveMethod(tx, payment.userId, payment.provider, state.savedMethod, now);
  // The children are in: their waitlist places in this session are done.
  await acceptWaitlistPlaces(tx, sessionId, studentIds);
  const children = await tx
    .select({ firstName: students.firstName })
    .from(students)
    .where(inArray(students.id, studentIds))
    .orderBy(students.dateOfBirth, students.firstName);
  // Every parent of the family gets the confirmation, each in their language (decision 018).
  for (const to of await familyRecipients(tx, { userId: payment.userId }))
    await enqueueMail(
      tx,
      enrollmentConfirmedMail({
        to: to.emailAddress,
        parentName: to.firstName,
        sessionName: session!.name,
        sessionId,
        childNames: children.map((c) => c.firstName),
        lineItems: payment.lineItems as never,
        total: payment.finalAmount,
        plan: payment.plan ? planScheduleOf(payment.plan as StoredPlan) : null,
        receiptUrl: state.receiptUrl,
        appUrl: deps.appUrl,
        language: to.language,
      }),
    );
  return { outcome: 'paid' as const };
}

/** A paid payment toward the family's balance: `Paid`, and applied to the account (pay-balance.ts). */
async function completeBalancePayment(tx: Tx, deps: FulfillDeps, payment: PaymentRow, state: CheckoutState) {
  await tx
    .update(payments)
    .set({
      status: 'Paid',
      paymentIntentId: state.paymentIntentId,
      receiptUrl: state.receiptUrl,
      checkoutJSON: state.raw as object,
      chargeJSON: (state.chargeRaw as object | null) ?? null,
    })
    .where(eq(payments.id, payment.id));
  await applyBalancePayment(tx, payment, deps.clock.now());
  await queuePaymentReceived(tx, deps, {
    userId: payment.userId,
    amount: payment.finalAmount,
    receiptUrl: state.receiptUrl,
  });
  return { outcome: 'paid' as const };
}

/** Refund a payment that could not be seated; `Refunded` on success, `RefundDue` (kept, retried) otherwise. */
async function refund(
  deps: FulfillDeps,
  payment: PaymentRow,
  state: CheckoutState,
  provider: PaymentProvider,
  sessionName: string | null,
): Promise<FulfillOutcome> {
  let refunded = false;
  try {
    await refundInFull(deps, payment, state, provider);
    refunded = true;
  } catch (error) {
    deps.log(
      `refund of payment ${payment.id} failed, left as RefundDue: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  for (const to of await familyRecipients(deps.db, { userId: payment.userId }))
    await enqueueMail(
      deps.db,
      paymentRefundedMail({
        to: to.emailAddress,
        parentName: to.firstName,
        sessionName,
        amount: payment.finalAmount,
        refunded,
        language: to.language,
      }),
    );
  return 'refunded';
}

/**
 * Refund a `RefundDue` payment's whole `finalAmount` (cents) through `provider`, then mark it `Refunded` with the
 * charge and the provider's refund in `chargeJSON` (only while it is still `RefundDue`). Throws what the
 * provider throws; the payment then stays `RefundDue`.
 */
async function refundInFull(
  deps: FulfillDeps,
  payment: PaymentRow,
  state: CheckoutState,
  provider: PaymentProvider,
): Promise<void> {
  const raw = await provider.refund(state, payment.finalAmount);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({
        status: 'Refunded',
        refundedAmount: payment.finalAmount,
        chargeJSON: { charge: state.chargeRaw ?? null, refund: raw } as object,
      })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'RefundDue')));
    await postRefundEntries(tx, { paymentId: payment.id });
  });
}

/** Retry refunds the provider refused earlier (`RefundDue`). Answers how many succeeded. */
export async function retryDueRefunds(deps: FulfillDeps): Promise<number> {
  const due = await deps.db.select().from(payments).where(eq(payments.status, 'RefundDue')).limit(20);
  let done = 0;
  for (const payment of due) {
    const provider = deps.providers[payment.provider];
    if (!provider || !payment.checkoutId) continue;
    try {
      const state = await provider.retrieveCheckout(payment.checkoutId);
      await refundInFull(deps, payment, state, provider);
      done += 1;
    } catch (error) {
      deps.log(
        `refund retry for ${payment.id} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return done;
}
