/**
 * The registration sweep, run by the background worker (docs/architecture.md "Background work"):
 * 1. checkouts whose hold has passed are expired at the provider and settled (seats released and offered);
 * 2. waitlist offers whose time is up lapse and pass to the next child;
 * 3. free seats in sessions with children waiting are offered (a withdrawal, a bigger roster);
 * 4. refunds the provider refused earlier are retried.
 * Guarded by `Database.exclusive` (a PostgreSQL advisory lock), so several server processes never run it at
 * the same time; every step is also safe on its own (row locks, conditional updates).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { classSessions, payments } from '../../db/schema.ts';
import { invalidateCatalog } from '../class-sessions/catalog.ts';
import { seatsTakenSql } from '../class-sessions/find-class-sessions.ts';
import { fulfillCheckout, retryDueRefunds } from './fulfill-checkout.ts';
import type { Registration } from './registration.ts';
import { settleEnrollmentsAfterRelease } from './release.ts';
import { seatsMayHaveFreed } from './seat-gate.ts';
import { expireOffers, offerFreedSeats } from './waitlist.ts';

/** Advisory lock key of the sweep ("LC" 0001). */
export const REGISTRATION_SWEEP_LOCK = 0x4c43_0001;

export type SweepReport = {
  holdsSettled: number;
  offerSessions: number;
  offersMade: number;
  refunds: number;
};

/** One sweep; `{ ran: false }` when another process is sweeping right now. */
export function sweepRegistrations(reg: Registration) {
  return reg.database.exclusive(REGISTRATION_SWEEP_LOCK, () => sweepOnce(reg));
}

async function sweepOnce(reg: Registration): Promise<SweepReport> {
  const now = reg.clock.now();
  const due = await reg.db
    .select({
      id: payments.id,
      checkoutId: payments.checkoutId,
      provider: payments.provider,
      classSessionId: payments.classSessionId,
    })
    .from(payments)
    .where(and(eq(payments.status, 'Pending'), sql`${payments.holdExpiresAt} <= ${now}`))
    .limit(200);
  let holdsSettled = 0;
  for (const payment of due) {
    try {
      if (payment.checkoutId === null) {
        // The process stopped between holding the seats and opening the checkout: nothing can be paid.
        await reg.db.transaction(async (tx) => {
          const [locked] = await tx
            .update(payments)
            .set({ status: 'Expired' })
            .where(
              and(eq(payments.id, payment.id), eq(payments.status, 'Pending'), isNull(payments.checkoutId)),
            )
            .returning({ id: payments.id });
          if (locked && payment.classSessionId !== null)
            await settleEnrollmentsAfterRelease(tx, reg, payment.id, payment.classSessionId);
        });
        invalidateCatalog(reg.db);
        seatsMayHaveFreed(reg.db);
      } else {
        await reg.providers[payment.provider]?.expireCheckout(payment.checkoutId);
        await fulfillCheckout(reg, payment.checkoutId, { holdPassed: true });
      }
      holdsSettled += 1;
    } catch (error) {
      reg.log(
        `settling lapsed hold of payment ${payment.id} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  const offerSessions = (await expireOffers(reg)).length;

  const withFreeSeats = await reg.db
    .select({ id: classSessions.id })
    .from(classSessions)
    .where(
      sql`exists (select 1 from waitlist_submissions w where w.class_session_id = ${classSessions.id} and w.status = 'Waiting')
        and ${classSessions.rosterSize} > ${seatsTakenSql(now)}`,
    );
  let offersMade = 0;
  for (const { id } of withFreeSeats) {
    offersMade += await reg.db.transaction((tx) => offerFreedSeats(tx, reg, id));
    invalidateCatalog(reg.db);
    seatsMayHaveFreed(reg.db);
  }

  const refunds = await retryDueRefunds(reg);
  return { holdsSettled, offerSessions, offersMade, refunds };
}
