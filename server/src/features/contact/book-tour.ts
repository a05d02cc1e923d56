/**
 * Booking a published tour time with a schedule-a-tour request (issue 24; decision 028). Race-safe on
 * PostgreSQL and PGlite alike: the slot's row is locked (`select … for update`) before its bookings are
 * counted, so of two families racing for the last place the second waits, then counts the first's booking
 * and is refused. Runs inside the request's transaction: a refusal stores nothing and mails no one.
 */
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/ids.ts';
import { slotOffered } from '../workspace/tour-slots.ts';

/** The booked slot: its id, start and length in minutes. */
export type BookedSlot = { id: string; startsAt: Date; minutes: number };

/** 409 by `tourSlotId`: the time is gone (taken, past, closed, removed or never published). */
const slotTaken = () =>
  new HttpError(409, 'messages.tours.slotTaken', { fields: { tourSlotId: 'messages.tours.slotTaken' } });

/**
 * Lock slot `slotId` and take one of its places for the submission about to be stored (the caller inserts it
 * with the slot's id in the same transaction). 409 when the slot does not exist, has started, falls on a day
 * the whole center is closed, or is full; the error says nothing about who booked.
 */
export async function bookTourSlot(tx: DbOrTx, clock: Clock, slotId: string): Promise<BookedSlot> {
  if (!isUuid(slotId)) throw slotTaken();
  const [slot] = await queryRows<{ id: string; starts_at: Date | string; minutes: number; capacity: number }>(
    tx,
    sql`select id, starts_at, minutes, capacity from tour_slots where id = ${slotId} for update`,
  );
  if (!slot) throw slotTaken();
  const startsAt = new Date(slot.starts_at);
  if (!(await slotOffered(tx, clock, startsAt))) throw slotTaken();
  const [taken] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from contact_submissions where tour_slot_id = ${slotId}`,
  );
  if ((taken?.n ?? 0) >= slot.capacity) throw slotTaken();
  return { id: slot.id, startsAt, minutes: slot.minutes };
}
