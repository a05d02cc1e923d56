/**
 * Tour slots (issue 24, "The center's calendar"; decision 028): times the director publishes for a family's
 * visit, offered on the schedule-a-tour form (`/contact?tour=true`). A slot starts at an instant (shown in the
 * center's time zone), lasts `minutes` and takes `capacity` families (usually 1). The staff list says who
 * booked; the public list holds only free, future slots on open days and never says who booked.
 */
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';
import { IsoDateSchema } from './fields.ts';
import { INBOX_STATUSES } from './staff-inbox.ts';

/** The longest a tour may be, in minutes, and the most families one time may take. */
export const MAX_TOUR_MINUTES = 180;
export const MAX_TOUR_PLACES = 10;
/** How many weeks one "publish" may repeat the same weekday and time. */
export const MAX_TOUR_WEEKS = 12;
/** How far ahead the form offers tours, in days. */
export const TOUR_OFFER_DAYS = 60;

const whole = (min: number, max: number, code: Parameters<typeof fieldMessage>[0]) =>
  z
    .number({ error: fieldMessage(code) })
    .int(fieldMessage(code))
    .min(min, fieldMessage(code))
    .max(max, fieldMessage(code));

/**
 * `POST /api/staff/tour-slots`: a tour at `time` (the center's wall clock, "HH:MM") on `date`, repeated on
 * the same weekday for `weeks` weeks (1: just this day). Each must start in the future and not at a time
 * already published (400 by `time`).
 */
export const TourSlotInputSchema = z.object({
  date: IsoDateSchema,
  time: z
    .string({ error: fieldMessage('fields.tours.timeFormat') })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, fieldMessage('fields.tours.timeFormat')),
  minutes: whole(15, MAX_TOUR_MINUTES, 'fields.tours.minutesRange'),
  capacity: whole(1, MAX_TOUR_PLACES, 'fields.tours.placesRange').default(1),
  weeks: whole(1, MAX_TOUR_WEEKS, 'fields.tours.weeksRange').default(1),
});
export type TourSlotInput = z.output<typeof TourSlotInputSchema>;
export type TourSlotFormInput = z.input<typeof TourSlotInputSchema>;

/** A family who booked a slot, as the staff see it (a link to the inbox item). */
export const TourBookingSchema = z.object({
  itemId: z.string(),
  familyName: z.string(),
  childName: z.string().nullable(),
  status: z.enum(INBOX_STATUSES),
});
export type TourBooking = z.infer<typeof TourBookingSchema>;

/** A published slot on the staff calendar. */
export const StaffTourSlotSchema = z.object({
  id: z.string(),
  /** ISO instant. */
  startsAt: z.string(),
  minutes: z.number().int(),
  capacity: z.number().int(),
  /** The reason of a whole-center closure that day (the slot is not offered then), or null. */
  closedFor: z.string().nullable(),
  /** Empty for someone without the inbox: they may not see who booked (the count is still `booked`). */
  bookings: z.array(TourBookingSchema),
  booked: z.number().int(),
});
export type StaffTourSlot = z.infer<typeof StaffTourSlotSchema>;

/** `GET /api/staff/tour-slots`: slots from the start of today on, soonest first. */
export const StaffTourSlotListSchema = z.object({ items: z.array(StaffTourSlotSchema) });
export type StaffTourSlotList = z.infer<typeof StaffTourSlotListSchema>;

/** `POST /api/staff/tour-slots` reply: the slots published. */
export const TourSlotsCreatedSchema = z.object({ items: z.array(StaffTourSlotSchema) });

/** `/api/staff/tour-slots/{slotId}`. */
export const TourSlotIdParamsSchema = z.object({ slotId: z.string() });

/** A free slot as the public form offers it: nothing about who booked. */
export const OpenTourSlotSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  minutes: z.number().int(),
});
export type OpenTourSlot = z.infer<typeof OpenTourSlotSchema>;

/** `GET /api/Contact/TourSlots`: free future slots on open days, soonest first, and the center's zone. */
export const OpenTourSlotListSchema = z.object({ timeZone: z.string(), items: z.array(OpenTourSlotSchema) });
export type OpenTourSlotList = z.infer<typeof OpenTourSlotListSchema>;
