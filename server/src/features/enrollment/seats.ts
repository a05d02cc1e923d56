/**
 * The seat count behind "no overselling" (ARCHITECTURE.md "Registration domain"): a reservation first
 * locks the class session row (`SELECT … FOR UPDATE`), then counts taken seats, then writes. Every writer
 * of seats and waitlist places (reserve, fulfil, join the waitlist, offer freed seats) goes through
 * `readSession(tx, …, { lock: true })`, so they queue on the row and each sees the others' committed work.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { classSessions } from '../../db/schema.ts';
import { seatsTakenSql, waitlistTakenSql } from '../class-sessions/find-class-sessions.ts';
import { registrationState } from '../class-sessions/registration-state.ts';
import type { SessionFacts } from './eligibility.ts';

export type SessionRow = typeof classSessions.$inferSelect;
export type LockedSession = SessionFacts & { row: SessionRow; seatsTaken: number; waitlistTaken: number };

/**
 * The session with seats and waitlist places counted at `now`, or null when there is none.
 * `lock`: take the row lock first (inside a transaction). `exceptPaymentId`: leave that payment's own holds
 * out of the count.
 */
export async function readSession(
  db: DbOrTx,
  id: number,
  now: Date,
  today: string,
  options: { lock?: boolean; exceptPaymentId?: string | null } = {},
): Promise<LockedSession | null> {
  const base = db.select().from(classSessions).where(eq(classSessions.id, id));
  const [row] = options.lock ? await base.for('update') : await base;
  if (!row) return null;
  // Counted after the lock is held: under READ COMMITTED this statement sees every committed reservation.
  const [counts] = await db
    .select({
      seatsTaken: seatsTakenSql(now, options.exceptPaymentId ?? null),
      waitlistTaken: waitlistTakenSql(),
    })
    .from(classSessions)
    .where(eq(classSessions.id, id));
  const seatsTaken = counts?.seatsTaken ?? 0;
  const waitlistTaken = counts?.waitlistTaken ?? 0;
  const seatsLeft = Math.max(0, row.rosterSize - seatsTaken);
  return {
    row,
    seatsTaken,
    waitlistTaken,
    id: row.id,
    name: row.name,
    isActive: row.isActive,
    waitlistActive: row.waitlistActive,
    sessionStartDate: row.sessionStartDate,
    sessionEndDate: row.sessionEndDate,
    priorityRegistrationStartDate: row.priorityRegistrationStartDate,
    priorityRegistrationEndDate: row.priorityRegistrationEndDate,
    registrationStartDate: row.registrationStartDate,
    registrationEndDate: row.registrationEndDate,
    registrationState: registrationState(row, seatsLeft, now, today),
    seatsLeft,
    waitlistSpotsLeft: row.waitlistActive ? Math.max(0, row.waitlistSize - waitlistTaken) : 0,
  };
}
