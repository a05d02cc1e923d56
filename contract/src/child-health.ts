/**
 * A child's health record, its documents and what a program requires (issue 26 part 1; decision 035).
 *
 * - The record: immunization doses (a vaccine of {@link VACCINES} and the day it was given), the health
 *   profile (physician, insurance, dietary needs, medications), the last physical exam's day, and documents
 *   (kinds {@link HEALTH_DOCUMENT_KINDS}: PDF, JPEG or PNG, at most {@link HEALTH_DOCUMENT_MAX_BYTES}).
 * - Staff check a record ({@link HEALTH_RECORDS}, or a document): who and when; a parent's change afterwards
 *   clears the check.
 * - A program may require `Immunizations` (up to date by {@link requiredDoses}, or a current immunization
 *   certificate) and a `Physical` within N months; each requirement either `Blocks` a new enrollment or `Warns`.
 * - {@link judgeRequirements} is the one rule (pure): per requirement Complete, Expiring (within
 *   {@link EXPIRING_DAYS} days, with the day) or Missing (with the doses still needed).
 *
 * Shapes: days are ISO calendar days ("2026-11-20", the center's calendar); instants ISO date-times; sizes bytes.
 */
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';
import { IsoDateSchema, OptionalPhoneSchema } from './fields.ts';

/** The CDC childhood schedule's vaccines a family may record, in the schedule's order. */
export const VACCINES = [
  'DTaP',
  'Polio',
  'MMR',
  'Varicella',
  'HepatitisB',
  'Hib',
  'PCV',
  'HepatitisA',
  'Influenza',
  'Covid19',
  'Tdap',
] as const;
export type Vaccine = (typeof VACCINES)[number];

/** What a health document is. */
export const HEALTH_DOCUMENT_KINDS = [
  'ImmunizationCertificate',
  'PhysicalExamForm',
  'DoctorNote',
  'CourtOrder',
  'Other',
] as const;
export type HealthDocumentKind = (typeof HEALTH_DOCUMENT_KINDS)[number];

/** The parts of a record staff check (documents are checked one by one). */
export const HEALTH_RECORDS = ['Immunizations', 'Profile', 'Physical'] as const;
export type HealthRecord = (typeof HEALTH_RECORDS)[number];

/** What a program may require. */
export const HEALTH_REQUIREMENTS = ['Immunizations', 'Physical'] as const;
export type HealthRequirement = (typeof HEALTH_REQUIREMENTS)[number];

/** What a missing requirement does to a new enrollment: refuse it, or tell the family and let them enroll. */
export const REQUIREMENT_MODES = ['Blocks', 'Warns'] as const;
export type RequirementMode = (typeof REQUIREMENT_MODES)[number];

/** Where a child stands on one requirement. */
export const COMPLIANCE_STATUSES = ['Complete', 'Expiring', 'Missing'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

/** A physical exam counts this many months unless the program says otherwise. */
export const DEFAULT_PHYSICAL_MONTHS = 12;
/** Something that runs out within this many days is "expiring". */
export const EXPIRING_DAYS = 30;
/** Reminders go this many days before a physical or a document runs out, once each. */
export const REMINDER_DAYS = [30, 7] as const;
/** The largest health document, in bytes (10 MB). */
export const HEALTH_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** The most medications one profile lists, and the longest of each free text. */
export const MEDICATIONS_MAX = 20;
export const HEALTH_TEXT_MAX = 200;
export const DIETARY_NEEDS_MAX = 1000;

const tooLong = (max: number) => fieldMessage('fields.common.tooLong', { max });
const text = (max: number) => z.string().trim().max(max, tooLong(max));

/**
 * The doses required of a child aged `ageMonths` (whole months on the judging day), a simple reading of the
 * CDC childhood schedule for ages 3½–12 (decision 035):
 * - under 5: DTaP 4, Polio 3, MMR 1, Varicella 1, Hepatitis B 3, Hib 3, PCV 4;
 * - from 5 (the 4–6-year boosters given): DTaP 5, Polio 4, MMR 2, Varicella 2, Hepatitis B 3;
 * - from 11: also Tdap 1.
 * A younger child is judged as under 5, an older one as 11–12. Influenza, COVID-19 and Hepatitis A are
 * recorded but never required.
 */
export function requiredDoses(ageMonths: number): Partial<Record<Vaccine, number>> {
  if (ageMonths < 60) return { DTaP: 4, Polio: 3, MMR: 1, Varicella: 1, HepatitisB: 3, Hib: 3, PCV: 4 };
  const boosters = { DTaP: 5, Polio: 4, MMR: 2, Varicella: 2, HepatitisB: 3 };
  return ageMonths >= 132 ? { ...boosters, Tdap: 1 } : boosters;
}

/** A requirement as the director sets it for a program. `months` is the physical's validity (null otherwise). */
export const ProgramRequirementSchema = z.object({
  requirement: z.enum(HEALTH_REQUIREMENTS),
  mode: z.enum(REQUIREMENT_MODES),
  months: z.number().int().min(1).max(36).nullable(),
});
export type ProgramRequirement = z.infer<typeof ProgramRequirementSchema>;

/** `PUT /api/staff/programs/{id}/health-requirements`: the program's whole list (one per requirement). */
export const ProgramRequirementsInputSchema = z.object({
  requirements: z
    .array(ProgramRequirementSchema)
    .max(HEALTH_REQUIREMENTS.length)
    .refine((list) => new Set(list.map((r) => r.requirement)).size === list.length, {
      message: fieldMessage('fields.health.requirementTwice'),
    }),
});
export type ProgramRequirementsInput = z.infer<typeof ProgramRequirementsInputSchema>;

/** A program with its requirements (the director's list). */
export const ProgramRequirementsSchema = z.object({
  programId: z.number().int(),
  name: z.string(),
  requirements: z.array(ProgramRequirementSchema),
});
export type ProgramRequirements = z.infer<typeof ProgramRequirementsSchema>;
export const ProgramRequirementsListSchema = z.array(ProgramRequirementsSchema);

/** The facts a judgement reads: the doses, the physical, the documents that count. */
export type HealthFacts = {
  dateOfBirth: string;
  doses: ReadonlyArray<{ vaccine: Vaccine; givenOn: string }>;
  physicalOn: string | null;
  documents: ReadonlyArray<{ kind: HealthDocumentKind; expiresOn: string | null }>;
};

/** A vaccine still short of its doses. */
export const MissingDoseSchema = z.object({
  vaccine: z.enum(VACCINES),
  have: z.number().int(),
  need: z.number().int(),
});
export type MissingDose = z.infer<typeof MissingDoseSchema>;

/** Where a child stands on one requirement. `expiresOn`: when a physical or the certificate that counts runs out. */
export const ComplianceItemSchema = z.object({
  requirement: z.enum(HEALTH_REQUIREMENTS),
  mode: z.enum(REQUIREMENT_MODES),
  status: z.enum(COMPLIANCE_STATUSES),
  expiresOn: z.string().nullable(),
  missingDoses: z.array(MissingDoseSchema),
});
export type ComplianceItem = z.infer<typeof ComplianceItemSchema>;

const addMonths = (day: string, months: number): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
};

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Whole months from `dateOfBirth` to `on` (ISO days). */
export function monthsOld(dateOfBirth: string, on: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  return (y - by) * 12 + (m - bm) - (d < bd ? 1 : 0);
}

/** The last day a physical exam on `examOn` counts for `months` months. */
export const physicalValidUntil = (examOn: string, months: number) => addMonths(examOn, months);

/** Complete, Expiring or Missing for a thing valid until `until` (null: never had it), judged `today`. */
function byExpiry(until: string | null, today: string): ComplianceStatus {
  if (until === null || until < today) return 'Missing';
  return daysBetween(today, until) <= EXPIRING_DAYS ? 'Expiring' : 'Complete';
}

/**
 * Judge `facts` against `requirements` on `today` (decision 035):
 * - Immunizations: complete when every vaccine of {@link requiredDoses} (for the child's age today) has its
 *   doses; otherwise a current immunization certificate (no expiry, or not yet expired) counts, and it is
 *   Expiring within {@link EXPIRING_DAYS} of its expiry; otherwise Missing with the doses still needed;
 * - Physical: the exam counts `months` (default {@link DEFAULT_PHYSICAL_MONTHS}) months; Expiring in the last
 *   {@link EXPIRING_DAYS} days, Missing after or without one.
 */
export function judgeRequirements(
  facts: HealthFacts,
  requirements: ReadonlyArray<ProgramRequirement>,
  today: string,
): ComplianceItem[] {
  return requirements.map((req) => {
    if (req.requirement === 'Physical') {
      const until = facts.physicalOn
        ? physicalValidUntil(facts.physicalOn, req.months ?? DEFAULT_PHYSICAL_MONTHS)
        : null;
      const status = byExpiry(until, today);
      return { ...base(req), status, expiresOn: status === 'Missing' ? null : until };
    }
    const missingDoses = scheduleGaps(facts, today);
    if (missingDoses.length === 0) return { ...base(req), status: 'Complete', expiresOn: null, missingDoses };
    const certificates = facts.documents.filter((d) => d.kind === 'ImmunizationCertificate');
    if (certificates.some((d) => d.expiresOn === null))
      return { ...base(req), status: 'Complete', expiresOn: null, missingDoses: [] };
    const latest = certificates
      .map((d) => d.expiresOn as string)
      .sort()
      .at(-1);
    const status = byExpiry(latest ?? null, today);
    return status === 'Missing'
      ? { ...base(req), status, expiresOn: null, missingDoses }
      : { ...base(req), status, expiresOn: latest ?? null, missingDoses: [] };
  });
}

/** The vaccines short of {@link requiredDoses} for the child's age on `today`, in the schedule's order. */
export function scheduleGaps(facts: HealthFacts, today: string): MissingDose[] {
  const need = requiredDoses(monthsOld(facts.dateOfBirth, today));
  return VACCINES.flatMap((vaccine) => {
    const wanted = need[vaccine];
    if (!wanted) return [];
    const have = facts.doses.filter((d) => d.vaccine === vaccine && d.givenOn <= today).length;
    return have < wanted ? [{ vaccine, have, need: wanted }] : [];
  });
}

const base = (req: ProgramRequirement) => ({
  requirement: req.requirement,
  mode: req.mode,
  status: 'Complete' as ComplianceStatus,
  expiresOn: null as string | null,
  missingDoses: [] as MissingDose[],
});

/**
 * Several programs' requirements as one list: a requirement any of them asks for, blocking when any blocks,
 * the physical's shortest validity.
 */
export function mergeRequirements(
  lists: ReadonlyArray<ReadonlyArray<ProgramRequirement>>,
): ProgramRequirement[] {
  const merged = new Map<HealthRequirement, ProgramRequirement>();
  for (const req of lists.flat()) {
    const had = merged.get(req.requirement);
    if (!had) merged.set(req.requirement, { ...req });
    else
      merged.set(req.requirement, {
        requirement: req.requirement,
        mode: had.mode === 'Blocks' || req.mode === 'Blocks' ? 'Blocks' : 'Warns',
        months:
          req.months === null
            ? had.months
            : had.months === null
              ? req.months
              : Math.min(had.months, req.months),
      });
  }
  return HEALTH_REQUIREMENTS.flatMap((r) => (merged.has(r) ? [merged.get(r)!] : []));
}

// ---------------------------------------------------------------------------------------------------
// The record

/** A dose as the record lists it. */
export const ImmunizationDoseSchema = z.object({
  id: z.string(),
  vaccine: z.enum(VACCINES),
  givenOn: z.string(),
});
export type ImmunizationDose = z.infer<typeof ImmunizationDoseSchema>;

/** `POST /api/Student/{id}/Health/Immunizations`: one dose. */
export const ImmunizationDoseInputSchema = z.object({
  vaccine: z.enum(VACCINES, { message: fieldMessage('fields.health.chooseVaccine') }),
  givenOn: IsoDateSchema,
});
export type ImmunizationDoseInput = z.infer<typeof ImmunizationDoseInputSchema>;

/** `PUT /api/Student/{id}/Health/Profile`: physician, insurance, dietary needs, medications (all optional). */
export const HealthProfileInputSchema = z.object({
  physicianName: text(HEALTH_TEXT_MAX),
  physicianPhone: OptionalPhoneSchema,
  insuranceCarrier: text(HEALTH_TEXT_MAX),
  insuranceMemberId: text(HEALTH_TEXT_MAX),
  dietaryNeeds: text(DIETARY_NEEDS_MAX),
  medications: z
    .array(text(HEALTH_TEXT_MAX).min(1, fieldMessage('fields.health.medicationEmpty')))
    .max(MEDICATIONS_MAX, fieldMessage('fields.common.chooseAtMost', { count: MEDICATIONS_MAX })),
});
export type HealthProfileInput = z.infer<typeof HealthProfileInputSchema>;

/** `PUT /api/Student/{id}/Health/Physical`: the last exam's day (null clears it). */
export const PhysicalInputSchema = z.object({ examOn: IsoDateSchema.nullable() });
export type PhysicalInput = z.infer<typeof PhysicalInputSchema>;

/** A staff member's check of a record or document; null when unchecked. */
export const HealthCheckSchema = z
  .object({ checkedAt: z.string(), checkedBy: z.string().nullable() })
  .nullable();
export type HealthCheck = z.infer<typeof HealthCheckSchema>;

/** A document as the record lists it; `url` opens it and `downloadUrl` saves it (signed, a few hours). */
export const HealthDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(HEALTH_DOCUMENT_KINDS),
  fileName: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
  expiresOn: z.string().nullable(),
  uploaded: z.string(),
  url: z.string(),
  downloadUrl: z.string(),
  check: HealthCheckSchema,
});
export type HealthDocument = z.infer<typeof HealthDocumentSchema>;

/** The multipart fields beside `file` of a document upload. */
export const HealthDocumentFieldsSchema = z.object({
  kind: z.enum(HEALTH_DOCUMENT_KINDS, { message: fieldMessage('fields.health.chooseKind') }),
  expiresOn: z
    .union([z.literal(''), IsoDateSchema])
    .optional()
    .transform((v) => (v ? v : null)),
});

/** A child's whole health record, for the family and for the staff. */
export const ChildHealthSchema = z.object({
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  profile: z.object({
    physicianName: z.string(),
    physicianPhone: z.string().nullable(),
    insuranceCarrier: z.string(),
    insuranceMemberId: z.string(),
    dietaryNeeds: z.string(),
    medications: z.array(z.string()),
  }),
  physicalOn: z.string().nullable(),
  doses: z.array(ImmunizationDoseSchema),
  documents: z.array(HealthDocumentSchema),
  /** The allergies already on the child's record (names and notes). */
  allergies: z.array(z.string()),
  checks: z.object({
    Immunizations: HealthCheckSchema,
    Profile: HealthCheckSchema,
    Physical: HealthCheckSchema,
  }),
  /** What the child's current and coming programs require, judged today. */
  compliance: z.array(ComplianceItemSchema),
  /** The programs those requirements come from. */
  programs: z.array(z.string()),
  /** Doses still short of the schedule for the child's age today ({@link requiredDoses}), whatever the programs. */
  scheduleGaps: z.array(MissingDoseSchema),
});
export type ChildHealth = z.infer<typeof ChildHealthSchema>;

/** Ids in health paths. */
export const HealthDoseParamsSchema = z.object({ studentId: z.string(), doseId: z.string() });
export const HealthDocumentParamsSchema = z.object({ studentId: z.string(), documentId: z.string() });
export const HealthDocumentIdParamsSchema = z.object({ documentId: z.string() });
export const ProgramIdParamsSchema = z.object({ id: z.string() });

/** The family's dashboard: per child, what is missing or expiring (only children with something to do). */
export const HealthSummarySchema = z.object({
  children: z.array(
    z.object({
      studentId: z.string(),
      firstName: z.string(),
      items: z.array(ComplianceItemSchema),
    }),
  ),
});
export type HealthSummary = z.infer<typeof HealthSummarySchema>;

/** `PUT /api/staff/children/{id}/health/checks`: check (or uncheck) a record or a document. */
export const HealthCheckInputSchema = z.object({
  record: z.enum([...HEALTH_RECORDS, 'Document'] as const),
  documentId: z.string().uuid().optional(),
  checked: z.boolean(),
});
export type HealthCheckInput = z.infer<typeof HealthCheckInputSchema>;

/** The staff's compliance list of one session: each enrolled child and their items. */
export const SessionComplianceSchema = z.object({
  classSessionId: z.number().int(),
  sessionName: z.string(),
  programName: z.string().nullable(),
  requirements: z.array(ProgramRequirementSchema),
  children: z.array(
    z.object({
      studentId: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      allergies: z.array(z.string()),
      items: z.array(ComplianceItemSchema),
      complete: z.boolean(),
    }),
  ),
});
export type SessionCompliance = z.infer<typeof SessionComplianceSchema>;
export const SessionComplianceQuerySchema = z.object({
  incomplete: z.enum(['true', 'false']).optional(),
});
