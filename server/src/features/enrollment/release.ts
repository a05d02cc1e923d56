/**
 * Giving seats back: a checkout that expired, was cancelled or failed releases its held seats, an offer
 * that was being used by that checkout comes back to its family while its time is still running, and any
 * seat now free goes to the waitlist (docs/architecture.md "Checkout": "An expired or cancelled checkout
 * releases its seats and offers them to the waitlist").
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { classSessionEnrollments, waitlistSubmissions } from '../../db/schema.ts';
import { readSession } from './seats.ts';
import { offerFreedSeats, type RegistrationDeps } from './waitlist.ts';

/** `Accepted` offers of these children whose time has not run out become `Offered` again. */
export async function restoreRunningOffers(
  tx: Tx,
  deps: RegistrationDeps,
  classSessionId: number,
  studentIds: string[],
) {
  if (studentIds.length === 0) return;
  await tx
    .update(waitlistSubmissions)
    .set({ status: 'Offered' })
    .where(
      and(
        eq(waitlistSubmissions.classSessionId, classSessionId),
        inArray(waitlistSubmissions.studentId, studentIds),
        eq(waitlistSubmissions.status, 'Accepted'),
        sql`${waitlistSubmissions.expires} > ${deps.clock.now()}`,
      ),
    );
}

/**
 * Cancel the payment's held enrollments, restore running offers, offer the freed seats. Takes the session
 * row lock first, like every writer of seats (lock order: payment row, then session row, then its
 * enrollments and waitlist rows), so it cannot deadlock with a reservation.
 */
export async function settleEnrollmentsAfterRelease(
  tx: Tx,
  deps: RegistrationDeps,
  paymentId: string,
  classSessionId: number,
) {
  const now = deps.clock.now();
  await readSession(tx, classSessionId, now, deps.clock.today(now), { lock: true });
  const released = await tx
    .update(classSessionEnrollments)
    .set({ status: 'Cancelled', updated: deps.clock.now() })
    .where(
      and(
        eq(classSessionEnrollments.paymentId, paymentId),
        eq(classSessionEnrollments.status, 'PendingPayment'),
      ),
    )
    .returning({ studentId: classSessionEnrollments.studentId });
  await restoreRunningOffers(
    tx,
    deps,
    classSessionId,
    released.map((r) => r.studentId),
  );
  await offerFreedSeats(tx, deps, classSessionId);
}
