/**
 * The locked part of a reservation (reserve-seats.ts; decision 006): one transaction that locks the session
 * row, reads the family's standing with the seats counted after the lock, refuses or holds. Each step below is
 * one function, run in this order by {@link reserveLocked}:
 * 1. {@link lockedStanding}: lock the row, read the standing (404, 400);
 * 2. {@link refuseShortUnderLock}: the cheap refusal while a full session is stormed (409);
 * 3. {@link releaseLapsedHolds}: free the asked children's own holds that have run out;
 * 4. {@link openPaymentFor}: the same children's open checkout, answered again;
 * 5. {@link refuseChildren}: a child held in another checkout or not allowed to enroll (409);
 * 6. {@link seatsWithOffers}: enough seats, counting the offers the children bring (409);
 * 7. {@link priceWithSiblings}: the line items with the sibling discount (issue 13, decision 014);
 * 8. {@link holdSeats}: the `Pending` payment and one `PendingPayment` enrollment per child.
 * What the transaction saw of the seats is published to the queue once it has ended (`seat-gate.ts`).
 */
import {
  type ApiErrorCode,
  type ApiErrorParams,
  checkoutLineItems,
  type Language,
  type LineItem,
  lineItemsTotal,
  planForCheckout,
  planOf,
  planOpen,
  type StoredPlan,
} from '@lc/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentProvider } from '../../adapters/payments/types.ts';
import type { Tx } from '../../db/client.ts';
import { classSessionEnrollments, payments } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { applyHealthGate } from '../child-health/enrollment-gate.ts';
import { lockClassSession } from '../class-sessions/session-lock.ts';
import { type ChildFacts, childVerdict, gateOnForms, loadSiblingPlaces } from './eligibility.ts';
import { restoreRunningOffers } from './release.ts';
import { observeSeats } from './seat-gate.ts';
import { type FamilyStanding, type LockedSession, readFamilyStanding } from './seats.ts';
import { acceptWaitlistPlaces, notOwnChildren, type RegistrationDeps } from './waitlist.ts';

export type ReserveDeps = RegistrationDeps & {
  provider: PaymentProvider;
  checkoutHoldMinutes: number;
  /** Finishes a free (nothing to pay) enrollment through the same path as a paid one. */
  fulfillFree: (paymentId: string) => Promise<void>;
};

/** The parent asking for seats. */
export type Asker = { id: string; emailAddress: string; language?: Language };

/** One reservation inside its transaction: who asks, for which children, at which instant. */
type Locked = {
  tx: Tx;
  deps: ReserveDeps;
  user: Asker;
  classSessionId: number;
  studentIds: string[];
  now: Date;
  /** The center's date at `now` (YYYY-MM-DD). */
  today: string;
  /** On the plan, the family asked to save their method for the instalments (autopay, issue 23). */
  saveMethod: boolean;
  /** The family chose the session's payment plan (issue 23). */
  paymentPlan: boolean;
};

/** Each asked child with its verdict, as {@link judge} gives them. */
type Judged = ReturnType<typeof judge>;

/** A 409 with `code` (its `params`), also on field `studentIds`. */
export const conflict = (code: ApiErrorCode, params?: ApiErrorParams) =>
  new HttpError(409, code, { params, fields: { studentIds: code } });

/**
 * The 409 refusing children who may not enroll now: their eligibility sentences (`VerifyEligibility`'s, already
 * in the family's language), one after the other.
 */
export const notEligible = (refused: ReadonlyArray<{ verdict: { eligibility: string } }>) =>
  conflict('enrollment.notEligible', { reasons: refused.map((j) => j.verdict.eligibility).join(' ') });

/** The verdict on each child of a standing, as `judgeFamily` gives it. */
export function judge(
  deps: ReserveDeps,
  standing: FamilyStanding,
  now: Date,
  today: string,
  language?: Language,
) {
  return standing.children.map((child) => ({
    child,
    verdict: childVerdict(standing.session, child, standing.returning, now, today, deps.timeZone, language),
  }));
}

/** True when the child holds a waitlist offer that has not run out at `now` (it brings its seat). */
export const liveOffer = (child: ChildFacts, now: Date) =>
  child.waitlistStatus === 'Offered' && child.offerExpires !== null && child.offerExpires > now;

/** The 409 answered when only `available` seats are left for the children asked. */
export function seatsShort(session: { name: string; waitlistActive: boolean }, available: number) {
  const waitlist = session.waitlistActive;
  return available === 0
    ? conflict(waitlist ? 'enrollment.seats.fullJoinWaitlist' : 'enrollment.seats.full', {
        session: session.name,
      })
    : conflict(waitlist ? 'enrollment.seats.leftJoinWaitlist' : 'enrollment.seats.left', {
        count: available,
        session: session.name,
      });
}

/**
 * The locked transaction, step by step (see the module's list). Answers the open checkout of the same
 * children (`existing`) or the new hold (`new`) with what opening its checkout needs.
 */
export async function reserveLocked(
  deps: ReserveDeps,
  user: Asker,
  classSessionId: number,
  studentIds: string[],
  options: { paymentPlan?: boolean; saveMethod?: boolean } = {},
) {
  const observation = observeSeats(deps.db, classSessionId);
  // What this transaction saw of the seats, and how many it takes; `valid` while that is what commits.
  const seen = { valid: false, seatsLeft: 0, used: 0 };
  try {
    const outcome = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const at: Locked = {
        tx,
        deps,
        user,
        classSessionId,
        studentIds,
        now,
        today: deps.clock.today(now),
        paymentPlan: options.paymentPlan === true,
        saveMethod: options.saveMethod === true,
      };
      let standing = await lockedStanding(at);
      Object.assign(seen, { valid: true, seatsLeft: standing.session.seatsLeft });
      refuseShortUnderLock(at, standing);
      if (standing.lapsedHolds > 0) {
        await releaseLapsedHolds(tx, deps, classSessionId, studentIds, now);
        standing = (await readStanding(at))!;
        seen.valid = false; // seats moved in this transaction: publish nothing
      }
      const session = standing.session;
      // A program's blocking forms (decision 036) and health requirements (decision 035) refuse a child like
      // the rules do.
      const judged = await applyHealthGate(
        tx,
        session,
        await gateOnForms(
          tx,
          classSessionId,
          judge(deps, standing, now, at.today, user.language),
          user.language,
        ),
        at.today,
        user.language,
      );
      const existing = judged.some((j) => j.child.enrollmentStatus === 'PendingPayment')
        ? await openPaymentFor(tx, classSessionId, studentIds, now)
        : null;
      if (existing) return { kind: 'existing' as const, paymentId: existing };
      refuseChildren(judged, user.language);
      const offered = seatsWithOffers(at, session, judged);
      seen.used = studentIds.length - offered.length;
      const price = await priceWithSiblings(at, session);
      const hold = await holdSeats(at, judged, offered, price);
      return {
        kind: 'new' as const,
        paymentId: hold.paymentId,
        sessionName: session.name,
        stripeLines: { registration: session.row.stripeLineItem, supplyFee: session.row.supplyFeeLineItem },
        lineItems: price.lineItems,
        total: price.total,
        plan: price.plan,
        saveMethod: price.plan !== null && at.saveMethod,
        holdExpiresAt: hold.holdExpiresAt,
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

/** The family's standing in the session, seats counted now (one statement); null when there is no session. */
function readStanding(at: Locked) {
  return readFamilyStanding(at.tx, {
    id: at.classSessionId,
    userId: at.user.id,
    childIds: at.studentIds,
    now: at.now,
    today: at.today,
    timeZone: at.deps.timeZone,
  });
}

/**
 * Step 1: lock the session row (decision 006), then read the family's standing with the seats counted after
 * the lock. 404 unknown session; 400 a child that is not the family's own.
 */
async function lockedStanding(at: Locked): Promise<FamilyStanding> {
  if (!(await lockClassSession(at.tx, at.classSessionId))) throw notFound('session');
  const standing = await readStanding(at);
  if (!standing) throw notFound('session');
  if (standing.owned !== at.studentIds.length) throw notOwnChildren();
  return standing;
}

/**
 * Step 2, the cheap refusal first: too few seats, and these children bring no offered seat and have no
 * checkout of their own to return to (409). Keeps the row lock short while a full session is stormed.
 */
function refuseShortUnderLock(at: Locked, standing: FamilyStanding): void {
  const offers = standing.children.filter((c) => liveOffer(c, at.now)).length;
  const holds =
    standing.children.filter((c) => c.enrollmentStatus === 'PendingPayment').length + standing.lapsedHolds;
  if (holds === 0 && standing.session.seatsLeft + offers < at.studentIds.length)
    throw seatsShort(standing.session, standing.session.seatsLeft + offers);
}

/**
 * Step 5: 409 when a child's seat is held in another checkout (finish or cancel it, or ask for the same
 * children to return to it; their names joined in the family's `language`), or when a child may not enroll
 * now (the verdicts' sentences).
 */
function refuseChildren(judged: Judged, language: Language = 'en'): void {
  const held = judged.filter((j) => j.child.enrollmentStatus === 'PendingPayment');
  if (held.length > 0) {
    const names = held.map((j) => j.child.firstName).join(language === 'es' ? ' y ' : ' and ');
    throw conflict('enrollment.heldElsewhere', { names });
  }
  const refused = judged.filter((j) => !j.verdict.canEnroll);
  if (refused.length > 0) throw notEligible(refused);
}

/**
 * Step 6, the seats: a child holding an unexpired offer brings that seat along (it is counted as taken by the
 * offer). 409 when the seats left plus those offers are fewer than the children. Answers the offered children.
 */
function seatsWithOffers(at: Locked, session: LockedSession, judged: Judged): Judged {
  const offered = judged.filter((j) => liveOffer(j.child, at.now));
  const available = session.seatsLeft + offered.length;
  if (at.studentIds.length > available) throw seatsShort(session, available);
  return offered;
}

/** What a reservation charges (cents): the lines of the price, what is paid now, and the plan if chosen. */
type Price = { lineItems: LineItem[]; total: number; originalAmount: number; plan: StoredPlan | null };

/**
 * Step 7, the price (cents): the family's children holding a place in the session, other than these, make
 * each of these an additional child for the sibling discount (issue 13). Read under the row lock (no query
 * when the session has no discount). `originalAmount` is the price before the discount (its negative line
 * left out); `total` is what is charged now: the price, or on the payment plan (issue 23) the deposits and
 * the plan's fees (`planForCheckout`). 409 when the plan was chosen and is no longer offered (`planOpen`).
 */
async function priceWithSiblings(at: Locked, session: LockedSession): Promise<Price> {
  const holders = await loadSiblingPlaces(at.tx, at.user.id, session.row, at.now, at.today);
  const siblingsAlreadyEnrolled = [...holders].filter((id) => !at.studentIds.includes(id)).length;
  const lineItems: LineItem[] = checkoutLineItems(session.row, at.studentIds.length, siblingsAlreadyEnrolled);
  const total = lineItemsTotal(lineItems);
  const originalAmount = lineItemsTotal(lineItems.filter((line) => line.amount >= 0));
  if (!at.paymentPlan) return { lineItems, total, originalAmount, plan: null };
  const plan = planOf(session.row);
  if (!planOpen(plan, at.today)) throw conflict('enrollment.planClosed', { session: session.name });
  const onPlan = planForCheckout(
    plan,
    at.studentIds,
    session.row.registrationPrice + session.row.supplyFee,
    originalAmount - total,
  );
  return { lineItems, total: onPlan.today, originalAmount, plan: onPlan.stored };
}

/**
 * Step 8, the hold: a `Pending` payment (provider `free` when nothing is to pay) and one `PendingPayment`
 * enrollment per child, both held until CHECKOUT_HOLD_MINUTES from now. An offered seat moves to this
 * checkout's hold (the offer is `Accepted`); if the checkout lapses while the offer is still running, the
 * offer comes back (release.ts).
 */
async function holdSeats(
  at: Locked,
  judged: Judged,
  offered: Judged,
  price: Price,
): Promise<{ paymentId: string; holdExpiresAt: Date }> {
  const { tx, deps, user, classSessionId, now } = at;
  const holdExpiresAt = new Date(now.getTime() + deps.checkoutHoldMinutes * 60_000);
  const [payment] = await tx
    .insert(payments)
    .values({
      status: 'Pending',
      originalAmount: price.originalAmount,
      finalAmount: price.total,
      provider: price.total === 0 ? 'free' : deps.provider.name,
      lineItems: price.lineItems,
      plan: price.plan,
      saveMethod: price.plan !== null && at.saveMethod && price.total > 0,
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
  await acceptWaitlistPlaces(
    tx,
    classSessionId,
    offered.map((o) => o.child.id),
    ['Offered'],
  );
  return { paymentId: payment!.id, holdExpiresAt };
}

/**
 * Step 3: a child whose earlier checkout hold has run out still has its `PendingPayment` row until the sweeper
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
 * Step 4: the open payment whose held children are exactly `studentIds` in this session (same request again), or
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
