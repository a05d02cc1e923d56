/**
 * The office's money on the ledger (issue 23, decision 022): what a place is charged when the director
 * enrolls a child by hand or moves one, the credit a withdrawal gives for what was never paid, and a payment
 * the office received (cash, a check, an agency's subsidy) against a place's balance.
 *
 * Rules (documented here, tested in server/test/family-ledger.test.ts):
 * - **The price of a place** is the session's registration and supply fee, less the sibling discount the
 *   checkout would give the child (brothers and sisters already holding a place: `loadSiblingPlaces`).
 * - **A move** posts, on the old place, a `credit` of what it was charged (net) and a `transfer_out` of what
 *   was paid for it (net of refunds); on the new place, a `charge` (and `discount`) at its price and a
 *   `transfer_in` of that money. The family then owes the difference, or holds it as a credit there. Each
 *   session's revenue counts only what was charged for it.
 * - **A withdrawal** credits what is still unpaid on the place (its balance above 0), so a family that leaves
 *   owes nothing more for it; any refund the policy gives is posted when it is made (`ledger.ts`).
 * - A by-hand charge falls due on the session's first day (or today, once it has started).
 */
import {
  type AdjustmentInput,
  checkoutLineItems,
  formatCents,
  type LineItem,
  type OfficePaymentInput,
  type PlaceAccount,
} from '@lc/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, type Tx } from '../../db/client.ts';
import { classSessionEnrollments, payments } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/record.ts';
import { loadSiblingPlaces } from '../enrollment/eligibility.ts';
import type { LockedSession } from '../enrollment/seats.ts';
import { lockFamilyOfChild } from '../family/members.ts';
import { amountRefusal } from './amount-refusal.ts';
import { type NewEntry, placeAccount, postEntries } from './ledger.ts';
import { queuePaymentReceived } from './pay-balance.ts';
import type { MoneyDeps } from './refunds.ts';

type SessionRow = LockedSession['row'];

/** The price of one child's place (cents): charged before the discount, and the sibling discount. */
export async function placePrice(
  tx: DbOrTx,
  row: SessionRow,
  payerUserId: string,
  studentId: string,
  at: { now: Date; today: string },
): Promise<{ charge: number; discount: number; lines: LineItem[] }> {
  const holders = await loadSiblingPlaces(tx, payerUserId, row, at.now, at.today);
  const siblings = [...holders].filter((id) => id !== studentId).length;
  const lines = checkoutLineItems(row, 1, siblings);
  const charge = lines.filter((l) => l.amount > 0).reduce((n, l) => n + l.amount, 0);
  const discount = -lines.filter((l) => l.amount < 0).reduce((n, l) => n + l.amount, 0);
  return { charge, discount, lines };
}

/** When a by-hand charge falls due: the session's first day, or today once it has started (ISO dates). */
export const dueOnFor = (row: SessionRow, today: string) =>
  row.sessionStartDate > today ? row.sessionStartDate : today;

/** The entries charging a place at `price`, under keys starting `key`. */
export const chargeEntries = (
  price: { charge: number; discount: number },
  place: { payerUserId: string; classSessionId: number; studentId: string; dueOn: string },
  key: string,
): NewEntry[] => [
  { ...place, kind: 'charge', amount: price.charge, idempotencyKey: `${key}:charge` },
  { ...place, kind: 'discount', amount: price.discount, dueOn: null, idempotencyKey: `${key}:discount` },
];

/**
 * Who pays for a child's place: the parent whose entries the place already has (the first posted), else the
 * child's first parent (`fallback`).
 */
export async function payerOfPlace(
  tx: DbOrTx,
  classSessionId: number,
  studentId: string,
  fallback: string,
): Promise<string> {
  const [row] = await queryRows<{ payer_user_id: string }>(
    tx,
    sql`select payer_user_id from ledger_entries where class_session_id = ${classSessionId}
      and student_id = ${studentId} order by created, id limit 1`,
  );
  return row?.payer_user_id ?? fallback;
}

/**
 * A move's entries (see the module comment), keyed `move:<enrollment id>`: the old place settled to 0 and the
 * new one charged, with the money paid carried over. Answers the new place's balance (cents; below 0 a credit).
 */
export async function postMove(
  tx: Tx,
  move: {
    enrollmentId: string;
    from: SessionRow;
    to: SessionRow;
    studentId: string;
    fallbackPayer: string;
    actorUserId: string;
    now: Date;
    today: string;
  },
): Promise<number> {
  const quote = await quoteMove(tx, move);
  const key = `move:${move.enrollmentId}`;
  const old = { payerUserId: quote.payerUserId, classSessionId: move.from.id, studentId: move.studentId };
  const next = { payerUserId: quote.payerUserId, classSessionId: move.to.id, studentId: move.studentId };
  await postEntries(
    tx,
    [
      { ...old, kind: 'credit', amount: Math.max(0, quote.oldCharged), idempotencyKey: `${key}:credit` },
      {
        ...old,
        kind: 'transfer_out',
        amount: Math.max(0, quote.paid),
        idempotencyKey: `${key}:transfer-out`,
      },
      ...chargeEntries(quote.price, { ...next, dueOn: dueOnFor(move.to, move.today) }, key),
      { ...next, kind: 'transfer_in', amount: Math.max(0, quote.paid), idempotencyKey: `${key}:transfer-in` },
    ],
    { createdBy: move.actorUserId, now: move.now },
  );
  return quote.balanceAfter;
}

/**
 * What a move would do to the family's money, changing nothing: the new place's price, the money carried over
 * and the balance there after the move (cents; above 0 owed, below 0 a credit).
 */
export async function quoteMove(
  tx: DbOrTx,
  move: {
    from: SessionRow;
    to: SessionRow;
    studentId: string;
    fallbackPayer: string;
    now: Date;
    today: string;
  },
): Promise<{
  payerUserId: string;
  price: { charge: number; discount: number };
  oldCharged: number;
  paid: number;
  balanceAfter: number;
}> {
  const payerUserId = await payerOfPlace(tx, move.from.id, move.studentId, move.fallbackPayer);
  const old = await placeAccount(tx, move.from.id, move.studentId, move.today);
  const price = await placePrice(tx, move.to, payerUserId, move.studentId, move);
  const paid = Math.max(0, old.paid);
  return {
    payerUserId,
    price,
    oldCharged: old.charged,
    paid,
    balanceAfter: price.charge - price.discount - paid,
  };
}

/**
 * A withdrawal's credit for what is unpaid on the place (its balance above 0), keyed
 * `withdraw:<enrollment id>:unpaid`. Posts nothing when the place is paid up.
 */
export async function creditUnpaid(
  tx: Tx,
  place: {
    enrollmentId: string;
    classSessionId: number;
    studentId: string;
    fallbackPayer: string | null;
    /** Cents that stay owed (a payment plan's share the refund policy keeps); 0 credits everything unpaid. */
    keepOwed?: number;
  },
  by: { actorUserId: string; now: Date; today: string },
): Promise<void> {
  const account = await placeAccount(tx, place.classSessionId, place.studentId, by.today);
  const credit = account.balance - Math.max(0, place.keepOwed ?? 0);
  if (credit <= 0 || !place.fallbackPayer) return;
  const payerUserId = await payerOfPlace(tx, place.classSessionId, place.studentId, place.fallbackPayer);
  await postEntries(
    tx,
    [
      {
        payerUserId,
        kind: 'credit',
        amount: credit,
        classSessionId: place.classSessionId,
        studentId: place.studentId,
        reference:
          credit < account.balance
            ? 'Withdrawn: the rest of the payment plan is cancelled'
            : 'Withdrawn: the unpaid balance is not owed',
        idempotencyKey: `withdraw:${place.enrollmentId}:unpaid`,
      },
    ],
    { createdBy: by.actorUserId, now: by.now },
  );
}

/**
 * The record of money the office took by hand (provider `offline`, `Paid`, cents): what its receipt and the
 * payments list show. The caller posts it to the family account.
 */
export async function insertOfficePayment(
  tx: DbOrTx,
  p: {
    amount: number;
    note: string | null;
    description: string;
    emailAddress: string;
    classSessionId: number;
    userId: string;
    now: Date;
  },
): Promise<{ id: string }> {
  const [payment] = await tx
    .insert(payments)
    .values({
      status: 'Paid',
      originalAmount: p.amount,
      finalAmount: p.amount,
      provider: 'offline',
      note: p.note,
      lineItems: [{ description: p.description, unitAmount: p.amount, quantity: 1, amount: p.amount }],
      emailAddress: p.emailAddress,
      classSessionId: p.classSessionId,
      userId: p.userId,
      created: p.now,
    })
    .returning({ id: payments.id });
  return payment!;
}

/** The place (any but a cancelled hold) a child holds in a session, or 404. */
async function heldPlace(tx: DbOrTx, classSessionId: number, studentId: string): Promise<void> {
  const [place] = await tx
    .select({ id: classSessionEnrollments.id })
    .from(classSessionEnrollments)
    .where(
      and(
        eq(classSessionEnrollments.classSessionId, classSessionId),
        eq(classSessionEnrollments.studentId, studentId),
        inArray(classSessionEnrollments.status, ['Enrolled', 'Withdrawn']),
      ),
    )
    .limit(1);
  if (!place) throw notFound('enrollment');
}

/** The child's first parent (the fallback payer of a place with no entries yet). */
async function firstParent(tx: DbOrTx, studentId: string) {
  const [parent] = await queryRows<{ user_id: string; email_address: string }>(
    tx,
    sql`select u.id as user_id, u.email_address from user_students us join users u on u.id = us.user_id
      where us.student_id = ${studentId} order by u.created, u.id limit 1`,
  );
  return parent ?? null;
}

/**
 * Post a charge, a late fee, a credit or a write-off on a child's place (issue 23), with the director's reason
 * as the entry's reference, under the family's lock and keyed `adjust:<request key>` (the same key twice posts
 * once). A write-off is at most the balance due (409 when nothing is due); a credit at most what the place was
 * charged, net (field `amount`, 400). 404 a child with no place in the session. Audited. Answers the place's
 * account after it and whether the entry is new.
 */
export async function adjustPlace(
  deps: MoneyDeps,
  actorUserId: string,
  classSessionId: number,
  studentId: string,
  input: AdjustmentInput & { idempotencyKey: string },
): Promise<{ place: PlaceAccount; created: boolean }> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const today = deps.clock.today(now);
    await heldPlace(tx, classSessionId, studentId);
    await lockFamilyOfChild(tx, studentId);
    const key = `adjust:${input.idempotencyKey}`;
    const [earlier] = await queryRows<{ id: string }>(
      tx,
      sql`select id from ledger_entries where idempotency_key = ${key}`,
    );
    if (earlier) return { place: await placeAccount(tx, classSessionId, studentId, today), created: false };
    const before = await placeAccount(tx, classSessionId, studentId, today);
    if (input.kind === 'write_off') {
      if (before.balance <= 0) throw amountRefusal('billing.adjust.nothingDue', undefined, 409);
      if (input.amount > before.balance)
        throw amountRefusal('billing.adjust.writeOffAtMost', { amount: formatCents(before.balance) });
    }
    if (input.kind === 'credit' && input.amount > Math.max(0, before.charged))
      throw amountRefusal('billing.adjust.creditAtMost', {
        amount: formatCents(Math.max(0, before.charged)),
      });
    const parent = await firstParent(tx, studentId);
    const payerUserId = await payerOfPlace(tx, classSessionId, studentId, parent!.user_id);
    const [entryId] = await postEntries(
      tx,
      [
        {
          payerUserId,
          kind: input.kind,
          amount: input.amount,
          classSessionId,
          studentId,
          reference: input.reason,
          dueOn: input.kind === 'charge' || input.kind === 'late_fee' ? today : null,
          idempotencyKey: key,
        },
      ],
      { createdBy: actorUserId, now },
    );
    const after = await placeAccount(tx, classSessionId, studentId, today);
    await recordAudit(
      tx,
      {
        actorUserId,
        action: `ledger.${input.kind}`,
        entityType: 'LedgerEntry',
        entityId: entryId!,
        before: { classSessionId, studentId, balance: before.balance, status: before.status },
        after: { amount: input.amount, reason: input.reason, balance: after.balance, status: after.status },
      },
      now,
    );
    return { place: after, created: true };
  });
}

/**
 * Record money the office received for a child's place (cash, a check, a subsidy): an `offline` payment row
 * (the receipt's record) and a `payment` entry, under the family's lock so the same key twice (a double click,
 * a retry) records it once. 404 a child with no place in the session; 409 nothing due on the place; 400 more
 * than is due (field `amount`, "at most $355.00"), or more than is due less what an automatic payment is taking
 * right now (autopay.ts; 409 when that is all of it). Audited. Answers the payment and the place's account.
 */
export async function recordOfficePayment(
  deps: MoneyDeps,
  actorUserId: string,
  classSessionId: number,
  studentId: string,
  input: OfficePaymentInput & { idempotencyKey: string },
): Promise<{ paymentId: string; place: PlaceAccount; created: boolean }> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const today = deps.clock.today(now);
    await heldPlace(tx, classSessionId, studentId);
    await lockFamilyOfChild(tx, studentId);
    const key = `office-payment:${input.idempotencyKey}`;
    const [earlier] = await queryRows<{ payment_id: string }>(
      tx,
      sql`select payment_id from ledger_entries where idempotency_key = ${key}`,
    );
    if (earlier)
      return {
        paymentId: earlier.payment_id,
        place: await placeAccount(tx, classSessionId, studentId, today),
        created: false,
      };
    const before = await placeAccount(tx, classSessionId, studentId, today);
    if (before.balance <= 0) throw amountRefusal('billing.payment.nothingDue', undefined, 409);
    if (input.amount > before.balance)
      throw amountRefusal('billing.payment.atMost', { amount: formatCents(before.balance) });
    // An automatic payment charging this place now (or a bank debit processing) is not taken a second time.
    const [flight] = await queryRows<{ amount: number }>(
      tx,
      sql`select coalesce(sum(amount), 0)::int as amount from autopay_attempts
        where class_session_id = ${classSessionId} and student_id = ${studentId} and status in ('charging', 'processing')`,
    );
    const inFlight = flight?.amount ?? 0;
    if (inFlight > 0 && input.amount > before.balance - inFlight)
      throw amountRefusal(
        'billing.payment.autopayInFlight',
        { inFlight: formatCents(inFlight), amount: formatCents(Math.max(0, before.balance - inFlight)) },
        before.balance - inFlight <= 0 ? 409 : 400,
      );
    const parent = await firstParent(tx, studentId);
    const payerUserId = await payerOfPlace(tx, classSessionId, studentId, parent!.user_id);
    const reference = input.reference?.trim() || null;
    const payment = await insertOfficePayment(tx, {
      amount: input.amount,
      note: reference,
      description: `${before.sessionName} — payment received by the office`,
      emailAddress: parent!.email_address,
      classSessionId,
      userId: payerUserId,
      now,
    });
    const [entryId] = await postEntries(
      tx,
      [
        {
          payerUserId,
          kind: 'payment',
          amount: input.amount,
          classSessionId,
          studentId,
          paymentId: payment.id,
          method: input.method,
          reference,
          idempotencyKey: key,
        },
      ],
      { createdBy: actorUserId, now },
    );
    const after = await placeAccount(tx, classSessionId, studentId, today);
    // The family's receipt: every parent is told, with the family's balance after it.
    await queuePaymentReceived(tx, deps, { userId: payerUserId, amount: input.amount, receiptUrl: null });
    await recordAudit(
      tx,
      {
        actorUserId,
        action: 'payment.record.offline',
        entityType: 'Payment',
        entityId: payment.id,
        before: { classSessionId, studentId, balance: before.balance, status: before.status },
        after: {
          amount: input.amount,
          method: input.method,
          reference,
          ledgerEntryId: entryId,
          balance: after.balance,
          status: after.status,
        },
      },
      now,
    );
    return { paymentId: payment.id, place: after, created: true };
  });
}
