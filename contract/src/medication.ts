/**
 * The medication log (issue 26, "Incidents and medication"; decision 040). A teacher of the session (or the
 * director) logs each dose of medicine given to a child: the medicine, the dose as written on the bottle
 * ("5 ml", "1 tablet"), when, by whom and an optional note, under the child's signed, current-version
 * MedicalAuthorization form (decision 036). A mistaken entry is never deleted: it is corrected (the original
 * kept, marked superseded) or voided, each with a reason. The parents are told at once and read the log in
 * the portal.
 *
 * Shapes of the API: `givenAt` in a write is the center's wall clock ("2026-11-20T10:15", as a
 * `datetime-local` field gives it); instants in replies are ISO date-times; days are ISO calendar days in the
 * center's calendar.
 */
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';

/** The longest medicine name, in characters ("Children’s ibuprofen (Motrin) 100 mg/5 ml"). */
export const MEDICATION_NAME_MAX = 120;
/** The longest dose, in characters ("5 ml", "2 puffs"). */
export const MEDICATION_DOSE_MAX = 60;
/** The longest note or reason, in characters. */
export const MEDICATION_NOTE_MAX = 500;
/** The longest range of days one log page reads. */
export const MEDICATION_MAX_DAYS = 92;

const tooLong = (max: number) => fieldMessage('fields.common.tooLong', { max });
const text = (max: number) => z.string().trim().max(max, tooLong(max));
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, fieldMessage('fields.common.useDate20261120'));

/** A path naming one dose. */
export const MedicationDoseIdParamsSchema = z.object({ doseId: z.string() });

/** What a dose says (a new one, or a correction of one). */
const doseFields = {
  medication: text(MEDICATION_NAME_MAX).min(1, fieldMessage('fields.medication.medication')),
  dose: text(MEDICATION_DOSE_MAX).min(1, fieldMessage('fields.medication.dose')),
  givenAt: z
    .string({ error: fieldMessage('fields.medication.givenAt') })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, fieldMessage('fields.medication.givenAt')),
  note: text(MEDICATION_NOTE_MAX).default(''),
};

/** `POST /api/staff/medication`: a dose given to a child of a session the caller teaches (the director: any). */
export const MedicationDoseInputSchema = z.object({
  classSessionId: z
    .number({ error: fieldMessage('fields.medication.session') })
    .int()
    .positive(),
  studentId: z
    .string({ error: fieldMessage('fields.medication.child') })
    .min(1, fieldMessage('fields.medication.child')),
  ...doseFields,
  /** A UUID the page makes once per dose: the same key again logs nothing new and answers the first dose. */
  clientKey: z.uuid({ error: fieldMessage('fields.medication.clientKey') }).optional(),
});
export type MedicationDoseInput = z.output<typeof MedicationDoseInputSchema>;
export type MedicationDoseFormInput = z.input<typeof MedicationDoseInputSchema>;

/** `POST /api/staff/medication/{id}/correct`: the dose as it should have been, and why. */
export const MedicationCorrectionSchema = z.object({
  ...doseFields,
  reason: text(MEDICATION_NOTE_MAX).min(1, fieldMessage('fields.medication.reason')),
});
export type MedicationCorrection = z.output<typeof MedicationCorrectionSchema>;

/** `POST /api/staff/medication/{id}/void`: why the entry was a mistake (no dose was given). */
export const MedicationVoidSchema = z.object({
  reason: text(MEDICATION_NOTE_MAX).min(1, fieldMessage('fields.medication.reason')),
});
export type MedicationVoid = z.output<typeof MedicationVoidSchema>;

/** One answer the parent filled in on the authorization (in the language they signed in). */
export const AuthorizationAnswerSchema = z.object({
  label: z.string(),
  /** The text, `true`/`false` for a yes-or-no question. */
  answer: z.union([z.string(), z.boolean()]),
});
export type AuthorizationAnswer = z.infer<typeof AuthorizationAnswerSchema>;

/** The signed authorization a dose is given under. */
export const MedicationAuthorizationSchema = z.object({
  signatureId: z.string(),
  title: z.string(),
  version: z.number().int(),
  signedBy: z.string(),
  signedAt: z.string(),
  /** What the parent filled in (only the questions they answered). */
  answers: z.array(AuthorizationAnswerSchema),
});
export type MedicationAuthorization = z.infer<typeof MedicationAuthorizationSchema>;

/** A child of the session, with the authorization a dose would be given under, or why none can be. */
export const MedicationChildSchema = z.object({
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  authorization: MedicationAuthorizationSchema.nullable(),
  /** Why no dose can be logged (no signed authorization, or only an older version's), else null. */
  refusal: z.string().nullable(),
  /** The medicines on the child's health record (decision 035), as the family wrote them. */
  healthMedications: z.array(z.string()),
});
export type MedicationChild = z.infer<typeof MedicationChildSchema>;

/** A dose as the staff see it, every entry kept (corrected ones marked superseded). */
export const StaffMedicationDoseSchema = z.object({
  id: z.string(),
  classSessionId: z.number().int(),
  /** Null when the family closed its account (the center keeps the log, decision 040). */
  studentId: z.string().nullable(),
  childName: z.string(),
  medication: z.string(),
  dose: z.string(),
  givenAt: z.string(),
  /** The center's wall clock of `givenAt` ("2026-11-20T10:15"), for the correction form. */
  givenAtWall: z.string(),
  day: z.string(),
  givenBy: z.string(),
  note: z.string(),
  authorization: z.object({
    title: z.string(),
    version: z.number().int(),
    signedBy: z.string(),
    signedAt: z.string(),
  }),
  /** The entry this one corrects, and why. */
  replacesId: z.string().nullable(),
  reason: z.string().nullable(),
  /** Set when a correction replaced this entry. */
  supersededAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  /** True while the caller may correct or void it (the one who gave it, or the director; not already). */
  correctable: z.boolean(),
});
export type StaffMedicationDose = z.infer<typeof StaffMedicationDoseSchema>;

/** `GET /api/staff/sessions/{id}/medication` query: a range of days (default: the last seven days to today). */
export const MedicationLogQuerySchema = z
  .object({ from: isoDay.optional(), to: isoDay.optional() })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: fieldMessage('fields.medication.toOnOrAfterFrom'),
      });
  });
export type MedicationLogQuery = z.output<typeof MedicationLogQuerySchema>;

/** `GET /api/staff/sessions/{id}/medication`: the session's children and its log in the range, newest first. */
export const SessionMedicationSchema = z.object({
  classSessionId: z.number().int(),
  sessionName: z.string(),
  from: z.string(),
  to: z.string(),
  /** The center's wall clock now ("2026-11-20T10:15"): the form's default time. */
  nowWall: z.string(),
  children: z.array(MedicationChildSchema),
  doses: z.array(StaffMedicationDoseSchema),
});
export type SessionMedication = z.infer<typeof SessionMedicationSchema>;

/**
 * What every reader of a given dose is told, outside the staff's working log: the medicine, the dose, when
 * (an instant, ISO 8601), who gave it, the note, and whose signed authorization it was given under.
 * Entries replaced by a correction are left out; `corrected` marks the entry that replaced one.
 */
const DoseRecordSchema = z.object({
  medication: z.string(),
  dose: z.string(),
  givenAt: z.string(),
  givenBy: z.string(),
  note: z.string(),
  authorizedBy: z.string(),
  authorizedAt: z.string(),
  /** This entry corrects an earlier one. */
  corrected: z.boolean(),
  voidReason: z.string().nullable(),
});

/** A dose as the family reads it (entries replaced by a correction are left out; the correction says so). */
export const FamilyMedicationDoseSchema = DoseRecordSchema.extend({
  id: z.string(),
  sessionName: z.string(),
  voidedAt: z.string().nullable(),
});
export type FamilyMedicationDose = z.infer<typeof FamilyMedicationDoseSchema>;

/** `GET /api/Student/{id}/Medication`: the child's medication log, newest first. */
export const FamilyMedicationSchema = z.object({
  studentId: z.string(),
  firstName: z.string(),
  doses: z.array(FamilyMedicationDoseSchema),
});
export type FamilyMedication = z.infer<typeof FamilyMedicationSchema>;

/**
 * A dose of the inspector's records (decision 039): who got what, when, by whom, under whose signature.
 * Voided entries are listed with their reason.
 */
export const InspectionDoseSchema = DoseRecordSchema.extend({
  childName: z.string(),
});
export type InspectionDose = z.infer<typeof InspectionDoseSchema>;
