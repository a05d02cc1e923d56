/**
 * An inspector's visit (issue 26, "An inspector's visit"): one page and one PDF per session and range of the
 * center's days, with what a licensing inspector asks to see. This part holds the session, its children and
 * the attendance of each day it meets: who brought each child and when, who took them and when, closed days
 * said as such, who was on duty and the ratio through the day; each child's required health records and signed
 * forms; the incident reports with the families' signatures; the medicine given each day; the staff's certifications. Times are ISO instants, shown in the center's time zone; days are ISO calendar days. The
 * director's only (decision 039): it names every child of the room and the staff's records.
 */
import { z } from 'zod';
import { ComplianceItemSchema } from './child-health.ts';
import { fieldMessage } from './field-message.ts';
import { IsoDateSchema } from './fields.ts';
import { INCIDENT_KINDS } from './incidents.ts';
import { InspectionDoseSchema } from './medication.ts';
import { FORM_REQUIREMENTS, SIGNATURE_STATUSES } from './signed-forms.ts';
import { CertificationSchema, RatioPointSchema } from './staff-duty.ts';
import { addDays, daysBetween } from './zoned-time.ts';

/** The longest range one inspection covers: a quarter, so the PDF stays a document a person reads. */
export const INSPECTION_MAX_DAYS = 92;

export const InspectionParamsSchema = z.object({
  classSessionId: z.coerce
    .number({ error: fieldMessage('fields.inspection.chooseSession') })
    .int(fieldMessage('fields.inspection.chooseSession'))
    .positive(fieldMessage('fields.inspection.chooseSession')),
});

export const InspectionQuerySchema = z
  .object({ from: IsoDateSchema.optional(), to: IsoDateSchema.optional() })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.to < query.from)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: fieldMessage('fields.inspection.toOnOrAfterFrom'),
      });
    else if (query.from && query.to && daysBetween(query.from, query.to) >= INSPECTION_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: fieldMessage('fields.inspection.atMostDays', { max: INSPECTION_MAX_DAYS }),
      });
  });
export type InspectionQuery = z.output<typeof InspectionQuerySchema>;

/**
 * The days an inspection covers when the query leaves a side out: the last seven days to `today` (the
 * center's date); a `from` alone runs a week from it, a `to` alone the week before it.
 */
export function inspectionRange(query: InspectionQuery, today: string): { from: string; to: string } {
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.from) return { from: query.from, to: addDays(query.from, 6) };
  const to = query.to ?? today;
  return { from: addDays(to, -6), to };
}

/** An ISO calendar day ("YYYY-MM-DD") in a reply: the server writes it, so it is not parsed again. */
const isoDay = z.string();

export const InspectionChildSchema = z.object({
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: isoDay,
  allergies: z.array(z.string()),
  /** The child's place: enrolled now, or withdrawn on this instant (inside or after the range). */
  withdrawnAt: z.string().nullable(),
  /**
   * The health records the program requires, judged on the day the records are read (decision 035): each
   * item complete, expiring or missing; null for a child no longer enrolled.
   */
  health: z.object({ complete: z.boolean(), items: z.array(ComplianceItemSchema) }).nullable(),
  /** Each of the program's forms (`InspectionSchema.forms`) for this child: signed on which version, or not. */
  forms: z.array(
    z.object({
      formId: z.string(),
      status: z.enum(SIGNATURE_STATUSES),
      signedVersion: z.number().int().nullable(),
      signedAt: z.string().nullable(),
    }),
  ),
});
export type InspectionChild = z.infer<typeof InspectionChildSchema>;

/** One child's day: first drop-off and last pickup, with the adults named at the door. */
export const InspectionAttendanceSchema = z.object({
  studentId: z.string(),
  arrivedAt: z.string().nullable(),
  broughtBy: z.string().nullable(),
  leftAt: z.string().nullable(),
  pickedUpBy: z.string().nullable(),
});
export type InspectionAttendance = z.infer<typeof InspectionAttendanceSchema>;

export const InspectionDaySchema = z.object({
  day: isoDay,
  /** A closed day (no one expected) or an early dismissal ("HH:MM"), with the reason families were told. */
  closure: z
    .object({
      kind: z.enum(['Closed', 'EarlyDismissal']),
      dismissAt: z.string().nullable(),
      reason: z.string(),
    })
    .nullable(),
  /** Each child who came that day, by first arrival. Children absent that day are not listed. */
  attendance: z.array(InspectionAttendanceSchema),
  /** Who was on duty in the room (punches in force, corrections applied), in clock-in order; out null: still in. */
  staff: z.array(z.object({ name: z.string(), inAt: z.string(), outAt: z.string().nullable() })),
  /** The room's ratio through the day (a point at each drop-off, pickup and clock-in or out; decision 038). */
  ratio: z.object({ points: z.array(RatioPointSchema), minutesOver: z.number().int() }),
  /** The medicine given that day (decision 040), in the order given, with the authorization's signer. */
  medication: z.array(InspectionDoseSchema),
});
export type InspectionDay = z.infer<typeof InspectionDaySchema>;

/**
 * An incident report of the range (decision 037) as the center keeps it: every child named as reported, each
 * with the family's signature on its copy (the name typed and when) or null while unsigned.
 */
export const InspectionIncidentSchema = z.object({
  id: z.string(),
  occurredAt: z.string(),
  place: z.string(),
  kind: z.enum(INCIDENT_KINDS),
  whatHappened: z.string(),
  firstAid: z.string(),
  witnesses: z.string(),
  urgent: z.boolean(),
  reviewed: z.boolean(),
  children: z.array(
    z.object({ name: z.string(), signedBy: z.string().nullable(), signedAt: z.string().nullable() }),
  ),
});
export type InspectionIncident = z.infer<typeof InspectionIncidentSchema>;

export const InspectionSchema = z.object({
  session: z.object({
    classSessionId: z.number().int(),
    name: z.string(),
    programName: z.string().nullable(),
    sessionStartDate: isoDay,
    sessionEndDate: isoDay,
    daySchedule: z.string(),
    teachers: z.array(z.string()),
    /** The program's licensing ratio: children per adult on duty. */
    childrenPerAdult: z.number().int(),
  }),
  /** The program's live forms (decision 036), each at its current version and how it is asked for. */
  forms: z.array(
    z.object({
      formId: z.string(),
      title: z.string(),
      version: z.number().int(),
      requirement: z.enum(FORM_REQUIREMENTS),
    }),
  ),
  /** The session's teachers and whoever was on duty in the range, with their certifications (decision 038). */
  staff: z.array(z.object({ name: z.string(), certifications: z.array(CertificationSchema) })),
  from: isoDay,
  to: isoDay,
  /** When this was put together (an instant): printed on every page of the PDF. */
  generatedAt: z.string(),
  children: z.array(InspectionChildSchema),
  /** The days in the range the session meets (its weekdays, within its dates), first day first. */
  days: z.array(InspectionDaySchema),
  /** The session's incident reports in the range, in the order they happened. */
  incidents: z.array(InspectionIncidentSchema),
});
export type Inspection = z.infer<typeof InspectionSchema>;

/** The PDF's file name: the session's name made safe, and the range. */
export function inspectionFileName(inspection: Pick<Inspection, 'session' | 'from' | 'to'>): string {
  const name = inspection.session.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `inspection-${name || 'session'}-${inspection.from}-to-${inspection.to}.pdf`;
}
