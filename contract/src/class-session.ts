/**
 * The session catalog as the API returns it (spec §3 ClassSession, ClassSection, Policy, DigitalResource).
 *
 * Units: money is integer cents (`registrationPrice`, `supplyFee`); `sessionStartDate`/`sessionEndDate` are
 * ISO calendar dates ("2026-01-12"); registration window bounds are ISO timestamps (UTC) or null when a
 * window is not set (a waitlist-only session has neither window).
 */
import { z } from 'zod';
// Plain-sentence defaults for every zod message the contract does not write itself (issue 12).
import './messages.ts';
import { PaymentPlanSchema } from './payment-plan.ts';

export const POLICY_TYPES = ['Expectation', 'Dismissal', 'LatePickup'] as const;
export type PolicyType = (typeof POLICY_TYPES)[number];

export const PolicySchema = z.object({
  id: z.number().int(),
  policyType: z.enum(POLICY_TYPES),
  name: z.string(),
  /** Trusted HTML written by staff (sanitised on write). */
  htmlValue: z.string(),
  created: z.string(),
  lastUpdated: z.string(),
});
export type Policy = z.infer<typeof PolicySchema>;

export const DIGITAL_RESOURCE_TYPES = ['Document', 'Video', 'Link', 'Image'] as const;
export const DigitalResourceSchema = z.object({
  id: z.number().int(),
  type: z.enum(DIGITAL_RESOURCE_TYPES),
  name: z.string(),
  fileName: z.string().nullable(),
  description: z.string().nullable(),
  url: z.string(),
  isActive: z.boolean(),
  uploadDate: z.string(),
});
export type DigitalResource = z.infer<typeof DigitalResourceSchema>;
/** `GET /api/ClassSession/{classSessionId}/Resources`: a session's active resources, in order. */
export const DigitalResourceListSchema = z.array(DigitalResourceSchema);

export const ClassSectionSchema = z.object({
  id: z.number().int(),
  isActive: z.boolean(),
  name: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type ClassSection = z.infer<typeof ClassSectionSchema>;

/**
 * Where a session stands for registration right now, computed by the server from its windows, flags and
 * seats so every page says the same thing:
 * - `Upcoming`: registration has not opened yet (neither window has started)
 * - `PriorityOpen`: the priority window is open (returning families and waitlist offers)
 * - `Open`: general registration is open and seats are left
 * - `Full`: registration is open but every seat is taken
 * - `Closed`: both windows are over, the session is inactive, or it has ended
 * - `WaitlistOnly`: the session takes no direct registration; families join its waitlist
 */
export const REGISTRATION_STATES = [
  'Upcoming',
  'PriorityOpen',
  'Open',
  'Full',
  'Closed',
  'WaitlistOnly',
] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

export const ClassSessionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Site-relative or absolute image URL. */
  thumbnail: z.string().nullable(),
  sessionStartDate: z.string(),
  sessionEndDate: z.string(),
  priorityRegistrationStartDate: z.string().nullable(),
  priorityRegistrationEndDate: z.string().nullable(),
  registrationStartDate: z.string().nullable(),
  registrationEndDate: z.string().nullable(),
  /** People-readable schedule, e.g. "Mon–Fri, 8:30 am – 12:00 pm". */
  daySchedule: z.string(),
  isActive: z.boolean(),
  stripeLineItem: z.string().nullable(),
  supplyFeeLineItem: z.string().nullable(),
  /** Cents. */
  registrationPrice: z.number().int(),
  /** Cents. */
  supplyFee: z.number().int(),
  rosterSize: z.number().int(),
  /** Age limits on the first day, in whole months (null: none); see `describeAgeRange`. */
  minAgeMonths: z.number().int().nullable(),
  maxAgeMonths: z.number().int().nullable(),
  waitlistActive: z.boolean(),
  waitlistSize: z.number().int(),
  classSectionId: z.number().int().nullable(),
  classSection: ClassSectionSchema.nullable(),
  expectationPolicy: PolicySchema.nullable(),
  dismissalPolicy: PolicySchema.nullable(),
  latePickupPolicy: PolicySchema.nullable(),
  /** Refund policy (issue 13, `family-money.ts`): full refund up to this many days before the first day. */
  refundFullDaysBefore: z.number().int(),
  /** Then this whole percentage of the registration until the last day. */
  refundPercentAfter: z.number().int(),
  /** ISO date until which the supply fee is refunded in full; null: only in the full-refund period. */
  supplyFeeRefundUntil: z.string().nullable(),
  /** Sibling discount per additional child: 'Amount' (cents) or 'Percent'; null: none. */
  siblingDiscountType: z.enum(['Amount', 'Percent']).nullable(),
  siblingDiscountValue: z.number().int(),
  siblingDiscountAcrossProgram: z.boolean(),
  /** The payment plan the session offers besides paying in full (issue 23, `payment-plan.ts`), or null. */
  plan: PaymentPlanSchema.nullable(),
  /** Seats not taken by an enrollment or an unexpired hold. */
  seatsLeft: z.number().int(),
  /** Open places left on the waitlist. */
  waitlistSpotsLeft: z.number().int(),
  registrationState: z.enum(REGISTRATION_STATES),
});
export type ClassSession = z.infer<typeof ClassSessionSchema>;
/** `GET /api/ClassSession` and `/api/ClassSession/all`: sessions. */
export const ClassSessionListSchema = z.array(ClassSessionSchema);
/** `PUT /api/ClassSession/{classSessionId}`: the sentence saying it was saved (sent as text). */
export const ClassSessionSavedSchema = z.string();

export const ClassSessionListQuerySchema = z.object({
  /** `active=true` lists only active sessions that have not ended; `active=false` only the others. */
  active: z.enum(['true', 'false']).optional(),
});

/** Path parameter as sent; an id that is not a positive whole number names no session (404, not 400). */
export const ClassSessionIdParamsSchema = z.object({ classSessionId: z.string() });

/** The numeric id in a `classSessionId` path parameter, or null when it cannot name a session. */
export function parseClassSessionId(raw: string): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/** An age in months as people say it: "3½", "5", "4 years 2 months" (years only when whole or half). */
export function describeAgeMonths(months: number): string {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  if (rest === 0) return String(years);
  if (rest === 6) return `${years}½`;
  return `${years} ${years === 1 ? 'year' : 'years'} ${rest} ${rest === 1 ? 'month' : 'months'}`;
}

/**
 * A session's age limits as a phrase ("ages 3½–5", "ages 5 and up", "up to age 5"), or null without limits.
 * The upper limit is inclusive in whole years: 71 months reads "5" (a child of 5 years 11 months may come).
 */
export function describeAgeRange(minAgeMonths: number | null, maxAgeMonths: number | null): string | null {
  const upper = maxAgeMonths === null ? null : String(Math.floor(maxAgeMonths / 12));
  if (minAgeMonths !== null && upper !== null) return `ages ${describeAgeMonths(minAgeMonths)}–${upper}`;
  if (minAgeMonths !== null) return `ages ${describeAgeMonths(minAgeMonths)} and up`;
  if (upper !== null) return `up to age ${upper}`;
  return null;
}
