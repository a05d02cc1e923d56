/**
 * Tour slots (issue 24, "The center's calendar"; decision 028): the director publishes tour times on the
 * staff calendar; the schedule-a-tour form offers the free ones (contact/book-tour.ts books them).
 *
 * - Publishing and removing are the director's (403 for a teacher), audited (`tour.publish`, `tour.remove`).
 *   Removing a booked time writes to each family who booked it (an apology with a link to choose again), keeps
 *   that mail in their inbox item's thread and frees the item: a director removing a time expects the families
 *   to hear, not to be told to go and cancel each booking first.
 * - Every member of the staff may read the times; who booked is shown to someone with the inbox only.
 * - The public list holds free, future times within {@link TOUR_OFFER_DAYS} days that are not on a day the whole
 *   center is closed (the calendar's closures), and says nothing about bookings.
 * Instants are stored; days and wall-clock times are the center's (`Clock`).
 */
import {
  type OpenTourSlotList,
  type StaffTourSlot,
  type StaffTourSlotList,
  TOUR_OFFER_DAYS,
  type TourBooking,
  type TourSlotInput,
} from '@lc/contract';
import { addDays, wallTimeToInstant } from '@lc/contract/zoned-time';
import { sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client.ts';
import { inboxEntries, tourSlots } from '../../db/schema.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/record.ts';
import { type TourMailDeps, tourCancelledMail } from '../contact/tour-mail.ts';
import { dayBounds } from '../passes/door-today.ts';
import { mayReadInbox, requireAdmin } from '../team/access.ts';
import { closuresBetween } from './calendar.ts';

type SlotRow = { id: string; starts_at: Date | string; minutes: number; capacity: number; booked: number };
type BookingRow = TourBooking & { slotId: string };

const slotColumns = sql`s.id, s.starts_at, s.minutes, s.capacity,
  (select count(*)::int from contact_submissions c where c.tour_slot_id = s.id) as booked`;

/**
 * The days from `from` to `to` the whole center is closed (a `Closed` closure with no session), with the
 * closure's reason: a tour is not offered then.
 */
async function closedDays(db: DbOrTx, from: string, to: string): Promise<Map<string, string>> {
  const days = new Map<string, string>();
  for (const c of await closuresBetween(db, from, to, sql`false`)) {
    if (c.kind !== 'Closed' || c.classSessionId !== null) continue;
    for (let day = c.startsOn < from ? from : c.startsOn; day <= c.endsOn && day <= to; day = addDays(day, 1))
      if (!days.has(day)) days.set(day, c.reason);
  }
  return days;
}

const iso = (at: Date | string) => new Date(at).toISOString();

/** Who booked the slots `ids`, oldest booking first. */
async function bookingsOf(db: DbOrTx, ids: string[]): Promise<BookingRow[]> {
  if (ids.length === 0) return [];
  return queryRows<BookingRow>(
    db,
    sql`select c.tour_slot_id as "slotId", c.id as "itemId", c.first_name || ' ' || c.last_name as "familyName",
        c.child_name as "childName", c.status
      from contact_submissions c
      where c.tour_slot_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by c.submitted, c.id`,
  );
}

function toStaffSlot(
  row: SlotRow,
  clock: Clock,
  closed: Map<string, string>,
  bookings: BookingRow[] | null,
): StaffTourSlot {
  const startsAt = iso(row.starts_at);
  return {
    id: row.id,
    startsAt,
    minutes: row.minutes,
    capacity: row.capacity,
    closedFor: closed.get(clock.today(new Date(startsAt))) ?? null,
    bookings: (bookings ?? []).filter((b) => b.slotId === row.id).map(({ slotId: _, ...b }) => b),
    booked: row.booked,
  };
}

/**
 * `GET /api/staff/tour-slots`: every slot from the start of the center's today on, soonest first, with the
 * closure that keeps it off the form and, for someone with the inbox, who booked it (a link to the item).
 */
export async function listTourSlots(db: Db, user: AuthUser, clock: Clock): Promise<StaffTourSlotList> {
  const today = clock.today();
  const rows = await queryRows<SlotRow>(
    db,
    sql`select ${slotColumns} from tour_slots s
      where s.starts_at >= ${dayBounds(today, clock.timeZone).start.toISOString()}
      order by s.starts_at, s.id`,
  );
  const last = rows.length > 0 ? clock.today(new Date(iso(rows[rows.length - 1]!.starts_at))) : today;
  const [closed, bookings] = await Promise.all([
    closedDays(db, today, last),
    mayReadInbox(db, user).then((may) =>
      may
        ? bookingsOf(
            db,
            rows.map((r) => r.id),
          )
        : null,
    ),
  ]);
  return { items: rows.map((r) => toStaffSlot(r, clock, closed, bookings)) };
}

/**
 * `GET /api/Contact/TourSlots`: the free slots a family may choose now: starting after `now`, within
 * {@link TOUR_OFFER_DAYS} days, with a place left, not on a day the whole center is closed. Soonest first.
 */
export async function openTourSlots(db: DbOrTx, clock: Clock): Promise<OpenTourSlotList> {
  const today = clock.today();
  const last = addDays(today, TOUR_OFFER_DAYS);
  const [rows, closed] = await Promise.all([
    queryRows<SlotRow>(
      db,
      sql`select ${slotColumns} from tour_slots s
        where s.starts_at > ${clock.now().toISOString()}
          and s.starts_at < ${dayBounds(last, clock.timeZone).end.toISOString()}
        order by s.starts_at, s.id`,
    ),
    closedDays(db, today, last),
  ]);
  return {
    timeZone: clock.timeZone,
    items: rows
      .filter((r) => r.booked < r.capacity && !closed.has(clock.today(new Date(iso(r.starts_at)))))
      .map((r) => ({ id: r.id, startsAt: iso(r.starts_at), minutes: r.minutes })),
  };
}

/**
 * Whether slot `startsAt` may be booked now (the booking's rule, read inside its transaction): in the future
 * and not on a day the whole center is closed.
 */
export async function slotOffered(db: DbOrTx, clock: Clock, startsAt: Date): Promise<boolean> {
  if (startsAt.getTime() <= clock.now().getTime()) return false;
  const day = clock.today(startsAt);
  return !(await closedDays(db, day, day)).has(day);
}

/** 400 by `time`: a tour is already published at `time` ("2026-12-08 10:00", the center's clock). */
const timeTaken = (time: string) =>
  new HttpError(400, 'request.invalidFields', {
    params: { time },
    fields: { time: 'fields.tours.alreadyPublished' },
  });

/**
 * The director publishes a tour at `input.time` on `input.date`, and on the same weekday for `input.weeks`
 * weeks in all (the center's wall clock; 9:00 stays 9:00 across a daylight-saving change). 400 by `time` when
 * the first is not in the future or one is already published at that instant; nothing is written then.
 * Answers the slots, soonest first. Audited once per slot.
 */
export async function publishTourSlots(
  db: Db,
  actor: AuthUser,
  clock: Clock,
  input: TourSlotInput,
): Promise<StaffTourSlot[]> {
  requireAdmin(actor);
  const now = clock.now();
  const starts = Array.from({ length: input.weeks }, (_, week) =>
    wallTimeToInstant(`${addDays(input.date, week * 7)}T${input.time}`, clock.timeZone),
  );
  if (starts.some((s) => s === null))
    throw new HttpError(400, 'request.invalidFields', { fields: { time: 'fields.tours.timeFormat' } });
  if (new Date(starts[0]!).getTime() <= now.getTime())
    throw new HttpError(400, 'request.invalidFields', { fields: { time: 'fields.tours.inThePast' } });
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(tourSlots)
      .values(
        starts.map((s) => ({
          startsAt: new Date(s!),
          minutes: input.minutes,
          capacity: input.capacity,
          createdBy: actor.id,
          created: now,
        })),
      )
      .onConflictDoNothing({ target: tourSlots.startsAt })
      .returning();
    if (inserted.length < starts.length) {
      const taken = starts.find((s) => !inserted.some((r) => r.startsAt.toISOString() === s))!;
      throw timeTaken(`${clock.today(new Date(taken))} ${input.time}`);
    }
    for (const slot of inserted)
      await recordAudit(
        tx,
        {
          actorUserId: actor.id,
          action: 'tour.publish',
          entityType: 'TourSlot',
          entityId: slot.id,
          before: null,
          after: { startsAt: slot.startsAt.toISOString(), minutes: slot.minutes, capacity: slot.capacity },
        },
        now,
      );
    const first = clock.today(inserted[0]!.startsAt);
    const closed = await closedDays(tx, first, addDays(first, input.weeks * 7));
    return inserted
      .map((r) => toStaffSlot({ ...r, starts_at: r.startsAt, booked: 0 }, clock, closed, []))
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  });
}

/**
 * The director removes slot `slotId` (403 for a teacher; 404 for none). Each family who booked it is mailed an
 * apology with a link to choose another time, in their language; the words go into their item's thread and the
 * item no longer holds the time. One transaction with the audit row (`tour.remove`, the item ids after).
 */
export async function removeTourSlot(
  db: Db,
  actor: AuthUser,
  clock: Clock,
  mail: TourMailDeps & { appUrl: string },
  slotId: string,
): Promise<void> {
  requireAdmin(actor);
  if (!isUuid(slotId)) throw notFound('tourSlot');
  const now = clock.now();
  await db.transaction(async (tx) => {
    const [slot] = await queryRows<SlotRow>(
      tx,
      sql`select s.id, s.starts_at, s.minutes, s.capacity, 0 as booked from tour_slots s
        where s.id = ${slotId} for update`,
    );
    if (!slot) throw notFound('tourSlot');
    const families = await queryRows<{ id: string; email: string; first_name: string; language: string }>(
      tx,
      sql`select id, email, first_name, language from contact_submissions where tour_slot_id = ${slotId}
        order by submitted, id for update`,
    );
    const startsAt = new Date(iso(slot.starts_at));
    for (const family of families) {
      const { body, mail: message } = tourCancelledMail(mail, {
        email: family.email,
        firstName: family.first_name,
        language: family.language,
        startsAt,
        minutes: slot.minutes,
      });
      await enqueueMail(tx, message);
      await tx
        .insert(inboxEntries)
        .values({ contactSubmissionId: family.id, kind: 'Reply', body, authorId: actor.id, created: now });
      await tx.execute(
        sql`update contact_submissions set tour_slot_id = null, updated = ${now} where id = ${family.id}`,
      );
    }
    await tx.execute(sql`delete from tour_slots where id = ${slotId}`);
    await recordAudit(
      tx,
      {
        actorUserId: actor.id,
        action: 'tour.remove',
        entityType: 'TourSlot',
        entityId: slotId,
        before: { startsAt: startsAt.toISOString(), minutes: slot.minutes, capacity: slot.capacity },
        after: { cancelled: families.map((f) => f.id) },
      },
      now,
    );
  });
}
