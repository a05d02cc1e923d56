/**
 * "Pay now" (issue 23): a parent pays any amount up to the family's balance through the payment provider
 * (Stripe Checkout, or the built-in test checkout), and fulfillment applies it to the family account.
 *
 * - `startBalancePayment` checks the amount against the balance under the family's lock (less what an
 *   automatic payment is taking right now, autopay.ts), writes a `Pending`
 *   payment with no session, and opens the provider's checkout after commit (a provider failure marks the
 *   payment `Failed` and answers 502). The return page is Billing (`?paid=` / `?cancelled=`), which settles
 *   the checkout through the same `Confirmation` call as an enrollment's return page.
 * - `applyBalancePayment` (fulfillment, under the payment's row lock): the money pays the family's places
 *   that owe, the paying parent's own first (parents who split the bills pay their own share, split.ts), then
 *   the one due first first (its earliest charge's due date, then the session and the child), each entry under
 *   the place's own payer so the aging report and each parent's account stay right; anything left is a credit
 *   on account of the parent who paid. Keys: `payment:<id>:applied:<payer>:<session>:<child>` and
 *   `payment:<id>:credit`, so a webhook and the return page racing post once.
 */
import { formatCents, type Language, routes } from '@lc/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PaymentProvider } from '../../adapters/payments/types.ts';
import { type DbOrTx, queryRows, type Tx } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import type { RegistrationDeps } from '../enrollment/waitlist.ts';
import { familyRecipients } from '../family/mail-recipients.ts';
import { familyMemberIds, lockFamilyMembers } from '../family/members.ts';
import { amountRefusal } from './amount-refusal.ts';
import { autopayInFlight } from './autopay-in-flight.ts';
import { familyBalance, type NewEntry, postEntries } from './ledger.ts';
import { paymentReceivedMail } from './money-mail.ts';

export type PayDeps = RegistrationDeps & { provider: PaymentProvider; checkoutHoldMinutes: number };

/** What every account payment's checkout says it is for (the receipt's line). */
export const BALANCE_LINE = 'Payment toward your account';

/**
 * Start paying `amount` cents toward the family's balance: answers the checkout to send the browser to. The
 * family's open checkout for the same amount is answered again (a double click opens one checkout). 409
 * nothing due; 400 more than the balance (field `amount`); 502 the provider could not open a checkout.
 */
export async function startBalancePayment(
  deps: PayDeps,
  user: { id: string; emailAddress: string; language?: Language },
  amount: number,
): Promise<{ paymentId: string; checkoutUrl: string }> {
  const now = deps.clock.now();
  const held = await deps.db.transaction(async (tx) => {
    const payers = await lockFamilyMembers(tx, user.id);
    const [open] = await tx
      .select({ id: payments.id, checkoutUrl: payments.checkoutUrl })
      .from(payments)
      .where(
        and(
          eq(payments.userId, user.id),
          eq(payments.status, 'Pending'),
          isNull(payments.classSessionId),
          eq(payments.finalAmount, amount),
          sql`${payments.holdExpiresAt} > ${now}`,
        ),
      )
      .limit(1);
    if (open?.checkoutUrl) return { paymentId: open.id, checkoutUrl: open.checkoutUrl, reused: true };
    const balance = await familyBalance(tx, payers);
    // An instalment autopay is charging (or a bank debit still processing) is not due a second time.
    const inFlight = balance > 0 ? await autopayInFlight(tx, payers) : 0;
    const payable = balance - inFlight;
    if (balance > 0 && payable <= 0)
      throw amountRefusal('billing.pay.allInFlight', { inFlight: formatCents(inFlight) }, 409);
    if (balance <= 0) throw amountRefusal('billing.pay.nothingDue', undefined, 409);
    if (amount > payable)
      throw inFlight > 0
        ? amountRefusal('billing.pay.atMostInFlight', {
            amount: formatCents(payable),
            inFlight: formatCents(inFlight),
          })
        : amountRefusal('billing.pay.atMost', { amount: formatCents(balance) });
    const [payment] = await tx
      .insert(payments)
      .values({
        status: 'Pending',
        originalAmount: amount,
        finalAmount: amount,
        provider: deps.provider.name,
        lineItems: [{ description: BALANCE_LINE, unitAmount: amount, quantity: 1, amount }],
        emailAddress: user.emailAddress,
        holdExpiresAt: new Date(now.getTime() + deps.checkoutHoldMinutes * 60_000),
        classSessionId: null,
        userId: user.id,
        created: now,
      })
      .returning({ id: payments.id, holdExpiresAt: payments.holdExpiresAt });
    return { paymentId: payment!.id, checkoutUrl: '', reused: false, holdExpiresAt: payment!.holdExpiresAt };
  });
  if (held.reused) return { paymentId: held.paymentId, checkoutUrl: held.checkoutUrl };
  try {
    const created = await deps.provider.createCheckout({
      paymentId: held.paymentId,
      classSessionId: null,
      lines: [{ description: BALANCE_LINE, unitAmount: amount, quantity: 1, stripePrice: null }],
      customerEmail: user.emailAddress,
      language: user.language,
      expiresAt: ('holdExpiresAt' in held ? held.holdExpiresAt : null) ?? now,
      successUrl: `${deps.appUrl}${routes.billing}?paid={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${deps.appUrl}${routes.billing}?cancelled={CHECKOUT_SESSION_ID}`,
    });
    await deps.db
      .update(payments)
      .set({ checkoutId: created.checkoutId, checkoutUrl: created.checkoutUrl, checkoutJSON: created.raw })
      .where(eq(payments.id, held.paymentId));
    return { paymentId: held.paymentId, checkoutUrl: created.checkoutUrl };
  } catch (error) {
    await deps.db
      .update(payments)
      .set({
        status: 'Failed',
        chargeJSON: { error: error instanceof Error ? error.message : String(error) },
      })
      .where(eq(payments.id, held.paymentId));
    throw new HttpError(502, 'enrollment.checkout.unavailable');
  }
}

/**
 * Apply a paid account payment to the family account (see the module comment), in fulfillment's transaction.
 * `method`: how it was paid (a card through the provider). Answers how many entries were posted now.
 */
export async function applyBalancePayment(
  tx: Tx | DbOrTx,
  payment: { id: string; userId: string; finalAmount: number },
  now: Date,
): Promise<number> {
  const payers = await familyMemberIds(tx, payment.userId);
  const owing = await queryRows<{
    payer_user_id: string;
    class_session_id: number;
    student_id: string | null;
    balance: number;
  }>(
    tx,
    sql`select l.payer_user_id, l.class_session_id, l.student_id, sum(l.signed)::int as balance
      from ledger_signed l
      join class_sessions cs on cs.id = l.class_session_id
      where l.payer_user_id in (${sql.join(
        payers.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and l.payment_id is distinct from ${payment.id}
      group by l.payer_user_id, l.class_session_id, l.student_id, cs.session_start_date
      having sum(l.signed) > 0
      order by (l.payer_user_id = ${payment.userId}) desc,
        (min(l.due_on) filter (where l.kind in ('charge', 'plan_fee', 'late_fee'))) nulls last,
        cs.session_start_date, l.class_session_id, l.student_id`,
  );
  let left = payment.finalAmount;
  const entries: NewEntry[] = [];
  for (const place of owing) {
    if (left === 0) break;
    const applied = Math.min(left, place.balance);
    left -= applied;
    entries.push({
      payerUserId: place.payer_user_id,
      kind: 'payment',
      amount: applied,
      classSessionId: place.class_session_id,
      studentId: place.student_id,
      paymentId: payment.id,
      method: 'card',
      idempotencyKey: `payment:${payment.id}:applied:${place.payer_user_id}:${place.class_session_id}:${place.student_id ?? 'none'}`,
    });
  }
  entries.push({
    payerUserId: payment.userId,
    kind: 'payment',
    amount: left,
    paymentId: payment.id,
    method: 'card',
    idempotencyKey: `payment:${payment.id}:credit`,
  });
  return (await postEntries(tx, entries, { createdBy: payment.userId, now })).length;
}

/**
 * Queue "We received your payment" to every parent of the payer's family who gets mail (decision 018), each in
 * their language, with the family's balance after it (issue 23). In the caller's transaction.
 */
export async function queuePaymentReceived(
  tx: DbOrTx,
  deps: { appUrl: string },
  payment: { userId: string; amount: number; receiptUrl: string | null },
): Promise<void> {
  const balance = await familyBalance(tx, await familyMemberIds(tx, payment.userId));
  for (const to of await familyRecipients(tx, { userId: payment.userId }))
    await enqueueMail(
      tx,
      paymentReceivedMail({
        to: to.emailAddress,
        parentName: to.firstName,
        amount: payment.amount,
        balance,
        receiptUrl: payment.receiptUrl,
        appUrl: deps.appUrl,
        language: to.language,
      }),
    );
}
