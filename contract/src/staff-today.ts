/**
 * The staff home's API shape (issue 24, "Today"): what needs the signed-in staff member now, in one read.
 * Each part is what that person may see: a teacher gets the sessions they teach and no money (`money` and
 * `mailFailed` are null); the inbox part is null for someone without the inbox. Instants are ISO date-times;
 * `date` is the center's calendar date ("YYYY-MM-DD", the center's time zone); money is integer cents.
 */
import { z } from 'zod';
import { ClosureSchema } from './calendar.ts';
import { CustodyAlertSchema } from './custody.ts';
import { INBOX_KINDS } from './staff-inbox.ts';

const cents = z.number().int();
const count = z.number().int().min(0);

/** A child named on Today (a late pickup, an allergy in the building). */
export const TodayChildSchema = z.object({
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type TodayChild = z.infer<typeof TodayChildSchema>;

/** One session meeting today, counted from the door's records (the attendance board's rules, issue 11). */
export const TodaySessionSchema = z.object({
  classSessionId: z.number().int(),
  name: z.string(),
  daySchedule: z.string(),
  /** Enrolled children expected today. */
  expected: count,
  /** Dropped off today (in now, or already picked up). */
  arrived: count,
  /** Picked up today. */
  gone: count,
  /** The end of today's session plus the late-pickup grace, when the schedule could be read. */
  lateAfter: z.string().nullable(),
  /** Still in after `lateAfter`: waiting to be picked up late. */
  late: z.array(TodayChildSchema),
  /** In the building now with an allergy on record. */
  allergies: z.array(TodayChildSchema.extend({ allergies: z.array(z.string()) })),
});
export type TodaySession = z.infer<typeof TodaySessionSchema>;

/** A new inbox item, newest first. */
export const TodayInboxItemSchema = z.object({
  id: z.string(),
  kind: z.enum(INBOX_KINDS),
  familyName: z.string(),
  childName: z.string().nullable(),
  submitted: z.string(),
});

/** A tour booked for today (decision 028), soonest first: a link to its inbox item. */
export const TodayTourSchema = z.object({
  id: z.string(),
  familyName: z.string(),
  childName: z.string().nullable(),
  startsAt: z.string(),
  minutes: z.number().int(),
});
export type TodayTour = z.infer<typeof TodayTourSchema>;

/** A session whose registration (or priority registration) opens in the next seven days. */
export const TodayOpeningSchema = z.object({
  classSessionId: z.number().int(),
  name: z.string(),
  opensAt: z.string(),
  /** The returning families' priority window, not the general opening. */
  priority: z.boolean(),
});

/** An announcement waiting for its send time. */
export const TodayAnnouncementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  sessionName: z.string().nullable(),
  sendAt: z.string().nullable(),
});

/** `GET /api/staff/today`. */
export const StaffTodaySchema = z.object({
  date: z.string(),
  /** When this was read (the page says "updated 8:31 AM"). */
  at: z.string(),
  sessions: z.array(TodaySessionSchema),
  /**
   * Today's closures and early dismissals the caller may see (the center's calendar): a closed session is not
   * among `sessions`, and this says why.
   */
  closures: z.array(ClosureSchema),
  /** Null for someone without the inbox. */
  inbox: z
    .object({
      newCount: count,
      /** New schedule-a-tour requests among them. */
      tourRequests: count,
      newest: z.array(TodayInboxItemSchema),
      /** Tours booked for today, soonest first (those already over included). */
      toursToday: z.array(TodayTourSchema),
    })
    .nullable(),
  registrationsOpening: z.array(TodayOpeningSchema),
  announcements: z.array(TodayAnnouncementSchema),
  /** The director's only (from the family account); null for a teacher. */
  money: z
    .object({
      /** Instalments whose automatic payment failed and are still owed. */
      failedCount: count,
      failedTotal: cents,
      /** Families owing money past its due date, and how much. */
      overdueFamilies: count,
      overdueTotal: cents,
    })
    .nullable(),
  /**
   * Mail the outbox gave up on in the last seven days, newest first (at most five named, with the address it
   * was for, so the director can find the family and correct it); the director's only (null for a teacher).
   */
  mailFailed: z
    .object({
      count,
      newest: z.array(z.object({ to: z.string(), subject: z.string(), created: z.string() })),
    })
    .nullable(),
  /**
   * Custody alerts of the last seven days, newest first (issue 24): a pickup the door refused because the
   * adult may not collect the child, or a parent listing a restricted person as a contact. The director's
   * only (null for a teacher).
   */
  custodyAlerts: z.array(CustodyAlertSchema).nullable(),
  /**
   * Incident reports in the sessions the caller sees (decision 037): those still waiting for a family's
   * signature, and those the director has not reviewed yet.
   */
  incidents: z.object({ awaitingAcknowledgement: count, awaitingReview: count }),
});
export type StaffToday = z.infer<typeof StaffTodaySchema>;
