/**
 * Enrolling children: hold their seats and open a hosted checkout (spec §7 `POST /api/ClassSessionEnrollment`
 * → Payment with `checkoutUrl`; docs/architecture.md "Registration domain", "Checkout").
 *
 * One transaction locks the session row, checks every child (ownership, window, duplicates), counts seats and
 * writes the payment (`Pending`, cents) and one `PendingPayment` enrollment per child holding a seat until
 * CHECKOUT_HOLD_MINUTES from now. The price is `checkoutLineItems` with the session's sibling discount
 * (issue 13, decision 014): the family's other children already holding a place count, read under the lock;
 * the provider is charged the same total in non-negative lines (`chargeLines`). The provider's checkout is
 * created after the commit (a network call never runs under the row lock); if that fails the hold is
 * released at once and the parent is told nothing was charged. Asking again for the same children while their
 * checkout is open answers the same payment, so a double-clicked button never makes two checkouts.
 *
 * This module is the request's path: the unlocked precheck, the queue, then the locked transaction
 * (reserve-locked.ts, in named steps) and the provider's checkout (open-checkout.ts).
 */
import type { Language, Payment } from '@lc/contract';
import { notFound } from '../../http/errors.ts';
import { invalidateCatalog } from '../class-sessions/catalog.ts';
import { openCheckout } from './open-checkout.ts';
import { findPayment } from './records.ts';
import {
  judge,
  liveOffer,
  notEligible,
  type ReserveDeps,
  reserveLocked,
  seatsShort,
} from './reserve-locked.ts';
import { inSessionQueue, seatsSeenSince, takeTicket } from './seat-gate.ts';
import { loadFamilyStanding } from './seats.ts';
import { notOwnChildren } from './waitlist.ts';

export { providerLines } from './open-checkout.ts';
export type { ReserveDeps };

export type ReserveResult = { payment: Payment; created: boolean };

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
  options: { paymentPlan?: boolean; saveMethod?: boolean } = {},
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
    return reserveLocked(deps, user, classSessionId, studentIds, options);
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

/**
 * 409 at once when a locked transaction that ran after this request's precheck (`ticket`) saw fewer seats
 * than `wanted`, unless a child brings an offered seat or a hold (decision 008).
 */
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

/**
 * The refusals of the locked path (404, 400, 409), decided from an unlocked read: one prepared statement
 * for all the families asking at the same moment (`loadFamilyStanding`). Answers what the queue needs to
 * know about the request.
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
  if (!standing) throw notFound('session');
  if (standing.owned !== studentIds.length) throw notOwnChildren();
  const { session } = standing;
  const judged = judge(deps, standing, now, today, language);
  // A child with a hold is settled under the lock: the same checkout may be answered again.
  if (judged.some((j) => j.child.enrollmentStatus === 'PendingPayment')) return { session, bringsSeat: true };
  const refused = judged.filter((j) => !j.verdict.canEnroll);
  if (refused.length > 0) throw notEligible(refused);
  const offered = judged.filter((j) => liveOffer(j.child, now)).length;
  if (studentIds.length > session.seatsLeft + offered) throw seatsShort(session, session.seatsLeft + offered);
  return { session, bringsSeat: offered > 0 };
}
