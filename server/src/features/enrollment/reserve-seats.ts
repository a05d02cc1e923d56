/**
 * Enrolling children: hold their seats and open a hosted checkout (spec §7 `POST /api/ClassSessionEnrollment`
 * → Payment with `checkoutUrl`; ARCHITECTURE.md "Registration domain", "Checkout").
 *
 * One transaction locks the session row, checks every child (ownership, window, duplicates), counts seats and
 * writes the payment (`Pending`, cents) and one `PendingPayment` enrollment per child holding a seat until
 * CHECKOUT_HOLD_MINUTES from now. The price is `checkoutLineItems` with the session's sibling discount
 * (issue 13, decision 014): the family's other children already holding a place count, read under the lock;
 * the provider is charged the same total in non-negative lines (`chargeLines`). The provider's checkout is
 * created after the commit (a network call never runs under the row lock); if that fails the hold is
 * released at once and the parent is told nothing was charged. Asking again for the same children while their checkout is open answers the same payment, so a
 * double-clicked button never makes two checkouts.
 */
import {
  chargeLines,
  checkoutLineItems,
  type Language,
  type LineItem,
  lineItemsTotal,
  type Payment,
  routes,
} from '@lc/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CheckoutLine, PaymentProvider } from '../../adapters/payments/types.ts';
import type { Tx } from '../../db/client.ts';
import { classSessionEnrollments, payments } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { invalidateCatalog } from '../class-sessions/catalog.ts';
import { lockClassSession } from '../class-sessions/session-lock.ts';
import { type ChildFacts, childVerdict, loadSiblingPlaces } from './eligibility.ts';
import { findPayment } from './records.ts';
import { restoreRunningOffers, settleEnrollmentsAfterRelease } from './release.ts';
import { inSessionQueue, observeSeats, seatsMayHaveFreed, seatsSeenSince, takeTicket } from './seat-gate.ts';
import { type FamilyStanding, loadFamilyStanding, readFamilyStanding } from './seats.ts';
import { acceptWaitlistPlaces, notOwnChildren, type RegistrationDeps } from './waitlist.ts';

export type ReserveDeps = RegistrationDeps & {
  provider: PaymentProvider;
  checkoutHoldMinutes: number;
  /** Finishes a free (nothing to pay) enrollment through the same path as a paid one. */
  fulfillFree: (paymentId: string) => Promise<void>;
};

export type ReserveResult = { payment: Payment; created: boolean };

const conflict = (message: string) => new HttpError(409, message, { studentIds: message });

/**
 * Hold seats for `studentIds` in the session and answer the payment whose `checkoutUrl` the browser opens.
 * 404 unknown session; 400 not the family's children; 409 when a child may not enroll now (the sentence says
 * why), is already enrolled, or there are fewer seats than children; 502 when the payment provider cannot
 * start a checkout (nothing is held or charged then).
 */
export async function reserveSeats(
  deps: ReserveDeps,
  user: { id: string; emailAddress: string; language?: Language },
  classSessionId: number,
  studentIds: string[],
): Promise<ReserveResult> {
  // Registration opening: most requests are refused because the seats are gone. Refuse those from a read
  // without the row lock, so they do not queue behind the reservations; the locked path checks again.
  const ticket = takeTicket(deps.db);
  const checked = await precheck(deps, user.id, classSessionId, studentIds, user.language);
  // Requests that passed the precheck queue in this process, one locked transaction per session at a time
  // (decision 008); a newer observation under the lock than this request's precheck refuses it at once.
  refuseWhenSeenShort(deps, classSessionId, ticket, checked, studentIds.length);
  const outcome = await inSessionQueue(deps.db, classSessionId, () => {
    refuseWhenSeenShort(deps, classSessionId, ticket, checked, studentIds.length);
    return reserveLocked(deps, user, classSessionId, studentIds);
  });

  // Seats were held (or lapsed holds released): this process's next catalog read counts them (decision 008).
  invalidateCatalog(deps.db);
  if (outcome.kind === 'existing') {
    // The open checkout of these same children: in a shared family (issue 13) the other parent may have
    // started it, so it is found by id alone (the children were checked to be the caller's own).
    const payment = await findPayment(deps.db, { id: outcome.paymentId });
    return { payment: payment!, created: false };
  }
  if (outcome.total === 0) {
    await deps.fulfillFree(outcome.paymentId);
  } else {
    await openCheckout(deps, user, classSessionId, outcome);
  }
  const payment = await findPayment(deps.db, { id: outcome.paymentId }, user.id);
  return { payment: payment!, created: true };
}

/** What the precheck learned that the queue needs: the session's name and whether a child brings a seat. */
type Prechecked = { session: { name: string; waitlistActive: boolean }; bringsSeat: boolean };

function refuseWhenSeenShort(
  deps: ReserveDeps,
  classSessionId: number,
  ticket: number,
  checked: Prechecked,
  wanted: number,
) {
  if (checked.bringsSeat) return;
  const seen = seatsSeenSince(deps.db, classSessionId, ticket);
  if (seen !== null && seen < wanted) throw seatsShort(checked.session, seen);
}

/** The verdict on each child of a standing, as `judgeFamily` gives it. */
function judge(deps: ReserveDeps, standing: FamilyStanding, now: Date, today: string, language?: Language) {
  return standing.children.map((child) => ({
    child,
    verdict: childVerdict(standing.session, child, standing.returning, now, today, deps.timeZone, language),
  }));
}

const liveOffer = (child: ChildFacts, now: Date) =>
  child.waitlistStatus === 'Offered' && child.offerExpires !== null && child.offerExpires > now;

/**
 * The locked transaction: lock the session row (decision 006), read the family's standing with the seats
 * counted after the lock (one statement), refuse or hold. What it saw of the seats is published to the
 * queue once the transaction has ended (`seat-gate.ts`).
 */
async function reserveLocked(
  deps: ReserveDeps,
  user: { id: string; emailAddress: string; language?: Language },
  classSessionId: number,
  studentIds: string[],
) {
  const observation = observeSeats(deps.db, classSessionId);
  // What this transaction saw of the seats, and how many it takes; `valid` while that is what commits.
  const seen = { valid: false, seatsLeft: 0, used: 0 };
  try {
    const outcome = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const today = deps.clock.today(now);
      if (!(await lockClassSession(tx, classSessionId))) throw notFound('That session');
      const read = () =>
        readFamilyStanding(tx, {
          id: classSessionId,
          userId: user.id,
          childIds: studentIds,
          now,
          today,
          timeZone: deps.timeZone,
        });
      let standing = await read();
      if (!standing) throw notFound('That session');
      if (standing.owned !== studentIds.length) throw notOwnChildren();
      Object.assign(seen, { valid: true, seatsLeft: standing.session.seatsLeft });
      // The cheap refusal first: too few seats, and these children bring no offered seat and have no
      // checkout of their own to return to. Keeps the row lock short while a full session is stormed.
      const offers = standing.children.filter((c) => liveOffer(c, now)).length;
      const holds =
        standing.children.filter((c) => c.enrollmentStatus === 'PendingPayment').length +
        standing.lapsedHolds;
      if (holds === 0 && standing.session.seatsLeft + offers < studentIds.length)
        throw seatsShort(standing.session, standing.session.seatsLeft + offers);
      if (standing.lapsedHolds > 0) {
        await releaseLapsedHolds(tx, deps, classSessionId, studentIds, now);
        standing = (await read())!;
        seen.valid = false; // seats moved in this transaction: publish nothing
      }
      const session = standing.session;
      const judged = judge(deps, standing, now, today, user.language);
      const existing = judged.some((j) => j.child.enrollmentStatus === 'PendingPayment')
        ? await openPaymentFor(tx, classSessionId, studentIds, now)
        : null;
      if (existing) return { kind: 'existing' as const, paymentId: existing };
      const held = judged.filter((j) => j.child.enrollmentStatus === 'PendingPayment');
      if (held.length > 0)
        throw conflict(
          `A seat is already held for ${held.map((j) => j.child.firstName).join(' and ')} in another checkout. Finish or cancel that checkout first, or choose the same children again to return to it.`,
        );
      const refused = judged.filter((j) => !j.verdict.canEnroll);
      if (refused.length > 0) throw conflict(refused.map((j) => j.verdict.eligibility).join(' '));

      // Seats: a child holding an unexpired offer brings that seat along (it is counted as taken by the offer).
      const offered = judged.filter((j) => liveOffer(j.child, now));
      const available = session.seatsLeft + offered.length;
      if (studentIds.length > available) throw seatsShort(session, available);
      seen.used = studentIds.length - offered.length;

      // The sibling discount (issue 13): the family's children holding a place, other than these, make each
      // of these an additional child. Read under the row lock (no query when the session has no discount).
      const holders = await loadSiblingPlaces(tx, user.id, session.row, now, today);
      const siblingsAlreadyEnrolled = [...holders].filter((id) => !studentIds.includes(id)).length;
      const lineItems = checkoutLineItems(session.row, studentIds.length, siblingsAlreadyEnrolled);
      const total = lineItemsTotal(lineItems);
      // `originalAmount`: the price before the discount (its negative line left out); `finalAmount`: charged.
      const originalAmount = lineItemsTotal(lineItems.filter((line) => line.amount >= 0));
      const holdExpiresAt = new Date(now.getTime() + deps.checkoutHoldMinutes * 60_000);
      const [payment] = await tx
        .insert(payments)
        .values({
          status: 'Pending',
          originalAmount,
          finalAmount: total,
          provider: total === 0 ? 'free' : deps.provider.name,
          lineItems,
          emailAddress: user.emailAddress,
          holdExpiresAt,
          classSessionId,
          userId: user.id,
          created: now,
        })
        .returning({ id: payments.id });
      await tx.insert(classSessionEnrollments).values(
        judged.map(({ child }) => ({
          classSessionId,
          studentId: child.id,
          status: 'PendingPayment',
          paymentId: payment!.id,
          holdExpiresAt,
          created: now,
          updated: now,
        })),
      );
      // The offered seat moves to this checkout's hold; if the checkout lapses while the offer is still
      // running, the offer comes back (release.ts).
      await acceptWaitlistPlaces(
        tx,
        classSessionId,
        offered.map((o) => o.child.id),
        ['Offered'],
      );
      return {
        kind: 'new' as const,
        paymentId: payment!.id,
        sessionName: session.name,
        stripeLines: { registration: session.row.stripeLineItem, supplyFee: session.row.supplyFeeLineItem },
        lineItems,
        total,
        holdExpiresAt,
      };
    });
    if (seen.valid) observation.publish(seen.seatsLeft - seen.used);
    return outcome;
  } catch (error) {
    // Rolled back: the seats are as they were seen.
    if (seen.valid) observation.publish(seen.seatsLeft);
    throw error;
  }
}

/**
 * The refusals of the locked path (404, 400, 409), decided from an unlocked read: one prepared statement
 * for all the families asking at the same moment (`loadFamilyStanding`). Answers what the queue needs to know about the request.
 */
async function precheck(
  deps: ReserveDeps,
  userId: string,
  classSessionId: number,
  studentIds: string[],
  language?: Language,
): Promise<Prechecked> {
  const now = deps.clock.now();
  const today = deps.clock.today(now);
  const standing = await loadFamilyStanding(deps.db, deps.clock, {
    id: classSessionId,
    userId,
    childIds: studentIds,
  });
  if (!standing) throw notFound('That session');
  if (standing.owned !== studentIds.length) throw notOwnChildren();
  const { session } = standing;
  const judged = judge(deps, standing, now, today, language);
  // A child with a hold is settled under the lock: the same checkout may be answered again.
  if (judged.some((j) => j.child.enrollmentStatus === 'PendingPayment')) return { session, bringsSeat: true };
  const refused = judged.filter((j) => !j.verdict.canEnroll);
  if (refused.length > 0) throw conflict(refused.map((j) => j.verdict.eligibility).join(' '));
  const offered = judged.filter((j) => liveOffer(j.child, now)).length;
  if (studentIds.length > session.seatsLeft + offered) throw seatsShort(session, session.seatsLeft + offered);
  return { session, bringsSeat: offered > 0 };
}

function seatsShort(session: { name: string; waitlistActive: boolean }, available: number) {
  return conflict(
    available === 0
      ? `${session.name} is full.${session.waitlistActive ? ' You can join the waitlist instead.' : ''}`
      : `Only ${available} ${available === 1 ? 'seat is' : 'seats are'} left in ${session.name}. Choose fewer children${session.waitlistActive ? ', or join the waitlist for the others' : ''}.`,
  );
}

/**
 * The provider's lines for a payment's `lineItems` (cents): `chargeLines` folds the sibling discount into a
 * registration line at the sibling price, so no line is negative and the total is the same to the cent. The
 * session's Stripe Prices stand for the full-price registration and the supply fee; the sibling price is
 * always sent as its amount (Stripe `price_data`). Throws when the lines do not add up to `total`.
 */
export function providerLines(
  lineItems: ReadonlyArray<LineItem>,
  total: number,
  stripePrices: { registration: string | null; supplyFee: string | null },
): CheckoutLine[] {
  const lines = chargeLines(lineItems).map((line) => ({
    description: line.description,
    unitAmount: line.unitAmount,
    quantity: line.quantity,
    stripePrice:
      line.kind === 'registration'
        ? stripePrices.registration
        : line.kind === 'supplyFee'
          ? stripePrices.supplyFee
          : null,
  }));
  const charged = lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
  if (charged !== total) throw new Error(`Checkout lines add up to ${charged} cents, not ${total}`);
  return lines;
}

/** Create the provider's checkout for a new payment; on failure release the hold and answer 502. */
async function openCheckout(
  deps: ReserveDeps,
  user: { emailAddress: string; language?: Language },
  classSessionId: number,
  outcome: {
    paymentId: string;
    lineItems: LineItem[];
    total: number;
    stripeLines: { registration: string | null; supplyFee: string | null };
    holdExpiresAt: Date;
  },
) {
  try {
    const created = await deps.provider.createCheckout({
      paymentId: outcome.paymentId,
      classSessionId,
      lines: providerLines(outcome.lineItems, outcome.total, outcome.stripeLines),
      customerEmail: user.emailAddress,
      language: user.language,
      expiresAt: outcome.holdExpiresAt,
      successUrl: `${deps.appUrl}${routes.enrollmentSuccessful(classSessionId, '{CHECKOUT_SESSION_ID}')}`,
      cancelUrl: `${deps.appUrl}${routes.enrollmentFailed(classSessionId, '{CHECKOUT_SESSION_ID}')}`,
    });
    await deps.db
      .update(payments)
      .set({ checkoutId: created.checkoutId, checkoutUrl: created.checkoutUrl, checkoutJSON: created.raw })
      .where(eq(payments.id, outcome.paymentId));
  } catch (error) {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(payments)
        .set({
          status: 'Failed',
          chargeJSON: { error: error instanceof Error ? error.message : String(error) },
        })
        .where(eq(payments.id, outcome.paymentId));
      await settleEnrollmentsAfterRelease(tx, deps, outcome.paymentId, classSessionId);
    });
    invalidateCatalog(deps.db);
    seatsMayHaveFreed(deps.db);
    throw new HttpError(
      502,
      'We couldn’t start the card checkout just now, so nothing was charged and no seat is held. Please try again in a minute.',
    );
  }
}

/**
 * A child whose earlier checkout hold has run out still has its `PendingPayment` row until the sweeper
 * settles that payment; release those rows now so the child can enroll again. (If the old checkout is
 * paid after all, fulfillment re-seats or refunds it.)
 */
async function releaseLapsedHolds(
  tx: Tx,
  deps: RegistrationDeps,
  classSessionId: number,
  studentIds: string[],
  now: Date,
) {
  const lapsed = await tx
    .update(classSessionEnrollments)
    .set({ status: 'Cancelled', updated: now })
    .where(
      and(
        eq(classSessionEnrollments.classSessionId, classSessionId),
        inArray(classSessionEnrollments.studentId, studentIds),
        eq(classSessionEnrollments.status, 'PendingPayment'),
        sql`${classSessionEnrollments.holdExpiresAt} <= ${now}`,
      ),
    )
    .returning({ studentId: classSessionEnrollments.studentId });
  if (lapsed.length > 0)
    await restoreRunningOffers(
      tx,
      deps,
      classSessionId,
      lapsed.map((l) => l.studentId),
    );
}

/**
 * The open payment whose held children are exactly `studentIds` in this session (same request again), or
 * null.
 */
async function openPaymentFor(tx: Tx, classSessionId: number, studentIds: string[], now: Date) {
  const rows = await tx
    .select({ paymentId: classSessionEnrollments.paymentId, studentId: classSessionEnrollments.studentId })
    .from(classSessionEnrollments)
    .innerJoin(payments, eq(payments.id, classSessionEnrollments.paymentId))
    .where(
      and(
        eq(classSessionEnrollments.classSessionId, classSessionId),
        eq(classSessionEnrollments.status, 'PendingPayment'),
        sql`${classSessionEnrollments.holdExpiresAt} > ${now}`,
        eq(payments.status, 'Pending'),
        sql`${payments.checkoutUrl} is not null`,
        sql`${classSessionEnrollments.paymentId} in (
          select e2.payment_id from class_session_enrollments e2
          where e2.class_session_id = ${classSessionId} and e2.status = 'PendingPayment'
            and e2.student_id in (${sql.join(
              studentIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})
        )`,
      ),
    );
  const paymentIds = [...new Set(rows.map((r) => r.paymentId))];
  if (paymentIds.length !== 1) return null;
  const held = new Set(rows.map((r) => r.studentId));
  return held.size === studentIds.length && studentIds.every((id) => held.has(id)) ? paymentIds[0]! : null;
}
