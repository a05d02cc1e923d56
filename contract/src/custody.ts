/**
 * Custody and pickup restrictions, and the director's corrections of a child's records (issue 24, "Records
 * staff can keep"; decision 026). A restriction ("do not release to") names a person the center must never
 * hand a child to. It is staff only: no parent reply, export, pass or mail carries it. The door refuses a
 * pickup by a matching name ({@link nameKey}: case, accents, punctuation and spacing do not matter).
 *
 * A correction is the director changing what the family entered (the child's details and allergies, an
 * emergency contact and their pickup right), always with a reason the family is told by email. The bodies
 * reuse the parent-side schemas (family.ts) so the rules are the same on both sides.
 */
import { z } from 'zod';
import { AllergyInputSchema, StudentInputSchema, TrusteeInputSchema } from './family.ts';
import { fieldMessage } from './field-message.ts';
import { optionalText } from './fields.ts';

/** The largest court-order document kept: 5 MB (of the file itself, before base64). */
export const MAX_COURT_ORDER_BYTES = 5 * 1024 * 1024;
/** The kinds of court-order document accepted: a PDF or a photo of the paper. */
export const COURT_ORDER_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

/**
 * A full name folded for matching at the door: lower case, accents dropped ("José" = "jose"), anything that
 * is not a letter or digit read as a space, spaces collapsed. "  María-José  O'Neil " → "maria jose o neil".
 */
export function nameKey(fullName: string): string {
  return fullName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const REASON = fieldMessage('fields.custody.reasonRequired');

/** Why the director changed the family's record: told to the family, kept in the audit trail. */
export const CorrectionReasonSchema = z
  .string({ error: REASON })
  .trim()
  .min(3, REASON)
  .max(500, fieldMessage('fields.common.tooLong', { max: 500 }));

/** A court-order document as the browser sends it: the file's name, its type and its bytes in base64. */
export const CourtOrderUploadSchema = z.object({
  fileName: z.string().trim().min(1).max(200),
  mimeType: z.enum(COURT_ORDER_TYPES, { error: fieldMessage('fields.custody.documentKind') }),
  /** The file's bytes, base64 (at most {@link MAX_COURT_ORDER_BYTES} once decoded). */
  data: z
    .string()
    .max(Math.ceil(MAX_COURT_ORDER_BYTES / 3) * 4 + 4, fieldMessage('fields.custody.documentKind')),
});
export type CourtOrderUpload = z.infer<typeof CourtOrderUploadSchema>;

/** `POST /api/staff/children/{studentId}/restrictions`: who may not collect the child. */
export const RestrictionInputSchema = z.object({
  fullName: z
    .string({ error: fieldMessage('fields.custody.fullName') })
    .trim()
    .min(3, fieldMessage('fields.custody.fullName'))
    .max(100, fieldMessage('fields.common.tooLong', { max: 100 }))
    .refine((v) => nameKey(v).includes(' '), fieldMessage('fields.custody.fullName')),
  /** Who they are to the child ("Father", "Former babysitter"). */
  description: optionalText(60),
  /** What the staff should do or know, in calm words. */
  note: optionalText(500),
  document: CourtOrderUploadSchema.nullish(),
});
export type RestrictionInput = z.input<typeof RestrictionInputSchema>;

/** A restriction as the staff see it (the document itself is fetched apart, by the director only). */
export const RestrictionSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  description: z.string().nullable(),
  note: z.string().nullable(),
  /** The court order's file name, or null when none was kept. */
  documentName: z.string().nullable(),
  created: z.string(),
});
export type Restriction = z.infer<typeof RestrictionSchema>;

export const RestrictionIdParamsSchema = z.object({ studentId: z.string(), restrictionId: z.string() });

/**
 * `PUT /api/staff/children/{studentId}/details`: the child's details as the parent form has them, the
 * allergies as a list (each as the parent's allergy form checks it) and the reason.
 */
export const ChildCorrectionSchema = z.object({
  details: StudentInputSchema,
  allergies: z.array(AllergyInputSchema.shape.name).max(20),
  reason: CorrectionReasonSchema,
});
export type ChildCorrection = z.input<typeof ChildCorrectionSchema>;

/**
 * `PUT /api/staff/children/{studentId}/contacts/{trusteeId}`: one emergency contact as the parent form has
 * it (which children, who may pick up) and the reason.
 */
export const ContactCorrectionSchema = z.object({
  contact: TrusteeInputSchema,
  reason: CorrectionReasonSchema,
});
export type ContactCorrection = z.input<typeof ContactCorrectionSchema>;

export const ContactCorrectionParamsSchema = z.object({ studentId: z.string(), trusteeId: z.string() });

/** A custody alert for the office: a refusal at the door, or a parent listing a restricted person. */
export const CustodyAlertSchema = z.object({
  id: z.string(),
  kind: z.enum(['doorRefused', 'contactListed']),
  at: z.string(),
  studentId: z.string(),
  childName: z.string(),
  /** The restricted person's name as the restriction has it. */
  personName: z.string(),
});
export type CustodyAlert = z.infer<typeof CustodyAlertSchema>;

/** Name of a person on a roster who must not collect the child, and the staff note. */
export const RosterRestrictionSchema = z.object({ name: z.string(), note: z.string().nullable() });
