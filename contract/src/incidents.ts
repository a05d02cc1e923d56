/**
 * Incident reports (issue 26, part 3; decision 037). A teacher of the session (or the director) records an
 * incident from a phone: when and where, what kind, what happened, the first aid given, the witnesses, the
 * children involved (each with a note of their own and whether a parent was called) and whether it was urgent
 * (a head injury or a 911 call). Each involved child's parents are told at once and acknowledge by signing;
 * the director reviews and adds follow-up notes, some shared with the families.
 *
 * A family's copy names only that family's own children: every other child involved is "another child".
 *
 * Shapes of the API: `occurredAt` in a report is the center's wall clock ("2026-11-20T10:15", the center's
 * time zone, as a `datetime-local` field gives it); instants in replies are ISO date-times; days are ISO
 * calendar days in the center's calendar.
 */
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';
import { pageNumber, pageSizeField } from './paging.ts';

/** What kind of incident it was. */
export const INCIDENT_KINDS = ['Injury', 'Illness', 'Behaviour', 'Other'] as const;
export type IncidentKind = (typeof INCIDENT_KINDS)[number];

/** The staff list's filters: waiting for a family's signature, waiting for the director, or all. */
export const INCIDENT_FILTERS = ['all', 'awaitingAcknowledgement', 'awaitingReview'] as const;
export type IncidentFilter = (typeof INCIDENT_FILTERS)[number];

/** The longest "what happened", in characters. */
export const INCIDENT_TEXT_MAX = 2000;
/** The longest first aid, witnesses, a child's note, a parent's comment or a follow-up, in characters. */
export const INCIDENT_NOTE_MAX = 1000;
/** The longest place ("the playground, by the slide"), in characters. */
export const INCIDENT_PLACE_MAX = 120;
/** How many children one report may name. */
export const INCIDENT_MAX_CHILDREN = 20;
/** How long the reporting teacher may correct their report, in minutes (and only before any signature). */
export const INCIDENT_CORRECTION_MINUTES = 30;

const tooLong = (max: number) => fieldMessage('fields.common.tooLong', { max });
const text = (max: number) => z.string().trim().max(max, tooLong(max));

/** A path naming one incident. */
export const IncidentIdParamsSchema = z.object({ incidentId: z.string() });

/** One child in a report: their own note (what happened to them) and whether a parent was called. */
export const IncidentChildInputSchema = z.object({
  studentId: z.string(),
  note: text(INCIDENT_NOTE_MAX).default(''),
  parentCalled: z.boolean().default(false),
});

/** The parts of a report a teacher writes (and may correct within the window). */
const reportFields = {
  occurredAt: z
    .string({ error: fieldMessage('fields.incidents.when') })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, fieldMessage('fields.incidents.when')),
  place: text(INCIDENT_PLACE_MAX).min(1, fieldMessage('fields.incidents.place')),
  kind: z.enum(INCIDENT_KINDS, { error: fieldMessage('fields.incidents.kind') }),
  whatHappened: text(INCIDENT_TEXT_MAX).min(1, fieldMessage('fields.incidents.whatHappened')),
  firstAid: text(INCIDENT_NOTE_MAX).default(''),
  witnesses: text(INCIDENT_NOTE_MAX).default(''),
  /** A head injury or a 911 call: the families' notice says so first. */
  urgent: z.boolean().default(false),
  children: z
    .array(IncidentChildInputSchema, { error: fieldMessage('fields.incidents.children') })
    .min(1, fieldMessage('fields.incidents.children'))
    .max(
      INCIDENT_MAX_CHILDREN,
      fieldMessage('fields.incidents.tooManyChildren', { max: INCIDENT_MAX_CHILDREN }),
    )
    .refine((list) => new Set(list.map((c) => c.studentId)).size === list.length, {
      message: fieldMessage('fields.incidents.childTwice'),
    }),
};

/** `POST /api/staff/incidents`: a new report for a session the caller teaches (the director: any). */
export const IncidentInputSchema = z.object({
  classSessionId: z
    .number({ error: fieldMessage('fields.incidents.session') })
    .int()
    .positive(),
  ...reportFields,
});
export type IncidentInput = z.output<typeof IncidentInputSchema>;
export type IncidentFormInput = z.input<typeof IncidentInputSchema>;

/** `PATCH /api/staff/incidents/{id}`: the reporting teacher's correction (the whole report again). */
export const IncidentCorrectionSchema = z.object(reportFields);
export type IncidentCorrection = z.output<typeof IncidentCorrectionSchema>;

const person = z.object({ firstName: z.string(), lastName: z.string() });

/** A signature: who signed, when, and what they asked or said. */
export const IncidentAcknowledgementSchema = z.object({
  signerName: z.string(),
  at: z.string(),
  comment: z.string(),
});
export type IncidentAcknowledgement = z.infer<typeof IncidentAcknowledgementSchema>;

/** A follow-up note of the director's. */
export const IncidentFollowUpSchema = z.object({
  id: z.string(),
  body: z.string(),
  /** Shared with the involved children's families (they were told). */
  shared: z.boolean(),
  at: z.string(),
  author: person.nullable(),
});
export type IncidentFollowUp = z.infer<typeof IncidentFollowUpSchema>;

/** A child in the staff's view of a report, with their family's signature once given. */
export const StaffIncidentChildSchema = z.object({
  /** Null when the family closed its account (the center keeps the report, decision 037). */
  studentId: z.string().nullable(),
  name: z.string(),
  note: z.string(),
  parentCalled: z.boolean(),
  acknowledgement: IncidentAcknowledgementSchema.nullable(),
});

/** `GET /api/staff/incidents/{id}`: the whole report, the signatures, the review and the follow-ups. */
export const StaffIncidentSchema = z.object({
  id: z.string(),
  classSessionId: z.number().int(),
  sessionName: z.string(),
  occurredAt: z.string(),
  /** The center's wall clock of `occurredAt` ("2026-11-20T10:15"), for the correction form. */
  occurredAtWall: z.string(),
  place: z.string(),
  kind: z.enum(INCIDENT_KINDS),
  whatHappened: z.string(),
  firstAid: z.string(),
  witnesses: z.string(),
  urgent: z.boolean(),
  children: z.array(StaffIncidentChildSchema),
  reportedBy: person.nullable(),
  reportedAt: z.string(),
  correctedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewedBy: person.nullable(),
  followUps: z.array(IncidentFollowUpSchema),
  /** True while the caller may still correct it (its reporter, within the window, before any signature). */
  correctable: z.boolean(),
  /** The end of the correction window (an instant). */
  correctableUntil: z.string(),
});
export type StaffIncident = z.infer<typeof StaffIncidentSchema>;

/** A row of the staff list. */
export const StaffIncidentRowSchema = z.object({
  id: z.string(),
  classSessionId: z.number().int(),
  sessionName: z.string(),
  occurredAt: z.string(),
  kind: z.enum(INCIDENT_KINDS),
  urgent: z.boolean(),
  place: z.string(),
  childNames: z.array(z.string()),
  /** Children whose family has not signed yet. */
  awaitingAcknowledgement: z.number().int(),
  reviewed: z.boolean(),
});
export type StaffIncidentRow = z.infer<typeof StaffIncidentRowSchema>;

/** `GET /api/staff/incidents` query: the filter, a session, a range of days (the center's calendar), a page. */
export const StaffIncidentsQuerySchema = z.object({
  filter: z.enum(INCIDENT_FILTERS).default('all'),
  classSessionId: z.coerce.number().int().positive().optional(),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, fieldMessage('fields.common.useDate20261120'))
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, fieldMessage('fields.common.useDate20261120'))
    .optional(),
  page: pageNumber.default(1),
  pageSize: pageSizeField('incidents', 25),
});
export type StaffIncidentsQuery = z.output<typeof StaffIncidentsQuerySchema>;

/** `GET /api/staff/incidents`. */
export const StaffIncidentListSchema = z.object({
  rows: z.array(StaffIncidentRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type StaffIncidentList = z.infer<typeof StaffIncidentListSchema>;

/** `POST /api/staff/incidents/{id}/follow-ups`. */
export const IncidentFollowUpInputSchema = z.object({
  body: text(INCIDENT_NOTE_MAX).min(1, fieldMessage('fields.incidents.followUp')),
  shareWithFamily: z.boolean().default(false),
});
export type IncidentFollowUpInput = z.output<typeof IncidentFollowUpInputSchema>;

/** One of the family's own children in their copy. */
export const FamilyIncidentChildSchema = z.object({
  studentId: z.string(),
  firstName: z.string(),
  note: z.string(),
  parentCalled: z.boolean(),
});

/**
 * `GET /api/Incidents/{id}`: the family's copy. Only the family's own children are named; `otherChildren`
 * counts the others ("another child"). `copyText` is the copy as one text in the caller's language, and
 * `copySha256` its SHA-256 (hex): signing sends it back, so a parent signs exactly what they read.
 */
export const FamilyIncidentSchema = z.object({
  id: z.string(),
  sessionName: z.string(),
  occurredAt: z.string(),
  place: z.string(),
  kind: z.enum(INCIDENT_KINDS),
  whatHappened: z.string(),
  firstAid: z.string(),
  witnesses: z.string(),
  urgent: z.boolean(),
  children: z.array(FamilyIncidentChildSchema),
  otherChildren: z.number().int(),
  reportedBy: person.nullable(),
  /** Follow-up notes the director shared with the family. */
  followUps: z.array(IncidentFollowUpSchema),
  /** Who in the family signed, and when (either parent may); null until then. */
  acknowledgement: IncidentAcknowledgementSchema.nullable(),
  copyText: z.string(),
  copySha256: z.string(),
});
export type FamilyIncident = z.infer<typeof FamilyIncidentSchema>;

/** A row of the family's incidents, newest first. */
export const FamilyIncidentRowSchema = z.object({
  id: z.string(),
  occurredAt: z.string(),
  kind: z.enum(INCIDENT_KINDS),
  urgent: z.boolean(),
  sessionName: z.string(),
  childNames: z.array(z.string()),
  acknowledged: z.boolean(),
});
export type FamilyIncidentRow = z.infer<typeof FamilyIncidentRowSchema>;

/** `GET /api/Incidents`. */
export const FamilyIncidentListSchema = z.object({ incidents: z.array(FamilyIncidentRowSchema) });
export type FamilyIncidentList = z.infer<typeof FamilyIncidentListSchema>;

/**
 * `POST /api/Incidents/{id}/Acknowledge`: the signature. `signedName` must be the account holder's full name
 * (letter case and spaces aside); `consent` must be true; `copySha256` is the copy the parent read.
 */
export const IncidentAcknowledgeInputSchema = z.object({
  signedName: text(120).min(1, fieldMessage('fields.incidents.signedName')),
  consent: z.literal(true, { error: fieldMessage('fields.incidents.consent') }),
  comment: text(INCIDENT_NOTE_MAX).default(''),
  copySha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type IncidentAcknowledgeInput = z.output<typeof IncidentAcknowledgeInputSchema>;
export type IncidentAcknowledgeFormInput = z.input<typeof IncidentAcknowledgeInputSchema>;

/** Whether `typed` names `fullName` (letter case, accents' case and runs of spaces aside). */
export function signatureMatches(typed: string, fullName: string): boolean {
  const norm = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  return norm(typed) !== '' && norm(typed) === norm(fullName);
}
