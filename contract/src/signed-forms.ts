/**
 * Forms families sign electronically (issue 26, part 2; decision 036). The director writes a form per program
 * (an enrollment agreement, a medical authorization, a photo release, a field trip permission) with its document
 * text in English and Spanish and the fields a parent fills; publishing makes an immutable numbered version, and
 * editing a published form makes a draft of the next one. A parent signs the current version for a child (or
 * once for the family) with consent to sign electronically (ESIGN/UETA) and their typed full name; the server
 * keeps the exact canonical document signed and its SHA-256.
 *
 * Shapes: ids are UUIDs (programs are integers), instants ISO date-times, dates ISO calendar days; `sha256` is
 * 64 lower-case hex digits. A field's answer is a string (text, a date, a choice's index as "0", "1"…) or a
 * boolean (yes/no).
 */
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';
import { IsoDateSchema } from './fields.ts';

/** What a form is for; `PhotoRelease` also sets the child's photo consent (decision 033). */
export const FORM_KINDS = [
  'EnrollmentAgreement',
  'MedicalAuthorization',
  'PhotoRelease',
  'FieldTripPermission',
  'Other',
] as const;
export type FormKind = (typeof FORM_KINDS)[number];

/** Signed once per child, or once for the whole family (any parent's signature covers every child). */
export const FORM_SCOPES = ['Child', 'Family'] as const;
export type FormScope = (typeof FORM_SCOPES)[number];

/** What a missing signature does to a new enrollment in the form's program. */
export const FORM_REQUIREMENTS = ['Optional', 'Warning', 'Blocking'] as const;
export type FormRequirement = (typeof FORM_REQUIREMENTS)[number];

/** The kinds of field a parent fills. */
export const FORM_FIELD_TYPES = ['ShortText', 'LongText', 'YesNo', 'Date', 'Choice'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** Where a form stands: never published, published (maybe with a draft of the next version), archived. */
export const FORM_STATUSES = ['Draft', 'Published', 'Archived'] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];

/** A child's (or family's) standing on one form's current version. */
export const SIGNATURE_STATUSES = ['NeedsSignature', 'NeedsResign', 'Signed'] as const;
export type SignatureStatus = (typeof SIGNATURE_STATUSES)[number];

/**
 * The version of the ESIGN/UETA consent disclosure a parent agrees to (the web's `forms.consent.*` copy). A
 * change to that copy gets a new version so every signature names the words its signer saw.
 */
export const ESIGN_CONSENT_VERSION = 'esign-2026-12';

export const FORM_TITLE_MAX = 120;
export const FORM_BODY_MAX = 50_000;
export const FORM_LABEL_MAX = 200;
export const FORM_FIELDS_MAX = 30;
export const FORM_SHORT_ANSWER_MAX = 200;
export const FORM_LONG_ANSWER_MAX = 4000;
export const SIGNER_NAME_MAX = 120;

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, fieldMessage('fields.common.fieldRequired'))
    .max(max, fieldMessage('fields.common.tooLong', { max }));

/** One choice of a `Choice` field, in both languages. */
export const FormChoiceSchema = z.object({ labelEn: text(FORM_LABEL_MAX), labelEs: text(FORM_LABEL_MAX) });

/** A field the parent fills; `key` is stable across versions (the server makes one for a new field). */
export const FormFieldSchema = z.object({
  key: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .optional(),
  type: z.enum(FORM_FIELD_TYPES),
  labelEn: text(FORM_LABEL_MAX),
  labelEs: text(FORM_LABEL_MAX),
  required: z.boolean(),
  choices: z.array(FormChoiceSchema).max(12).optional(),
});
export type FormFieldInput = z.infer<typeof FormFieldSchema>;
export type FormField = FormFieldInput & { key: string };

/** What the director writes: the draft of a form's next version. Document text is HTML (sanitised). */
export const FormInputSchema = z.object({
  programId: z.number().int().min(1),
  kind: z.enum(FORM_KINDS),
  scope: z.enum(FORM_SCOPES),
  requirement: z.enum(FORM_REQUIREMENTS),
  titleEn: text(FORM_TITLE_MAX),
  titleEs: text(FORM_TITLE_MAX),
  bodyEn: text(FORM_BODY_MAX),
  bodyEs: text(FORM_BODY_MAX),
  fields: z.array(FormFieldSchema).max(FORM_FIELDS_MAX),
});
export type FormInput = z.infer<typeof FormInputSchema>;

/** A published version's content: the draft with every field keyed. */
export type FormContent = Omit<FormInput, 'fields'> & { fields: FormField[] };

export const FormIdParamsSchema = z.object({ formId: z.string() });
export const SignatureIdParamsSchema = z.object({ signatureId: z.string() });

/** A row of the director's list. */
export const StaffFormRowSchema = z.object({
  id: z.string(),
  programId: z.number().int(),
  programName: z.string(),
  kind: z.enum(FORM_KINDS),
  title: z.string(),
  requirement: z.enum(FORM_REQUIREMENTS),
  scope: z.enum(FORM_SCOPES),
  status: z.enum(FORM_STATUSES),
  /** The newest published version, null before the first publish. */
  currentVersion: z.number().int().nullable(),
  /** True while the draft differs from the current version (a draft of the next). */
  hasDraft: z.boolean(),
  updated: z.string(),
});
export type StaffFormRow = z.infer<typeof StaffFormRowSchema>;
export const StaffFormListSchema = z.array(StaffFormRowSchema);

/** One form for the director: its draft and the versions published. */
export const StaffFormSchema = StaffFormRowSchema.extend({
  draft: FormInputSchema.extend({ fields: z.array(FormFieldSchema.extend({ key: z.string() })) }),
  versions: z.array(
    z.object({ version: z.number().int(), publishedAt: z.string(), signatures: z.number().int() }),
  ),
});
export type StaffForm = z.infer<typeof StaffFormSchema>;

/** A field as the parent reads it, in their language. */
export const FormFieldViewSchema = z.object({
  key: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  label: z.string(),
  required: z.boolean(),
  choices: z.array(z.string()),
});
export type FormFieldView = z.infer<typeof FormFieldViewSchema>;

/** A signature as its readers see it; `pdfUrl` is a signed link that works for a few hours. */
export const FormSignatureSchema = z.object({
  id: z.string(),
  formId: z.string(),
  title: z.string(),
  version: z.number().int(),
  studentId: z.string().nullable(),
  childName: z.string().nullable(),
  signerName: z.string(),
  signedAt: z.string(),
  ipAddress: z.string(),
  userAgent: z.string(),
  consentVersion: z.string(),
  sha256: z.string(),
  pdfUrl: z.string(),
});
export type FormSignature = z.infer<typeof FormSignatureSchema>;

/** A form a family has to sign (or has signed) for a child, or for the family. */
export const FormToSignSchema = z.object({
  formId: z.string(),
  kind: z.enum(FORM_KINDS),
  title: z.string(),
  programName: z.string(),
  scope: z.enum(FORM_SCOPES),
  requirement: z.enum(FORM_REQUIREMENTS),
  version: z.number().int(),
  studentId: z.string().nullable(),
  childName: z.string().nullable(),
  status: z.enum(SIGNATURE_STATUSES),
  /** The version last signed (for this child), null when never. */
  signedVersion: z.number().int().nullable(),
  signatureId: z.string().nullable(),
});
export type FormToSign = z.infer<typeof FormToSignSchema>;
export const FormsToSignSchema = z.array(FormToSignSchema);

/** `GET /api/Forms/{formId}`: which child the form is for (absent for a family form). */
export const FormDocumentQuerySchema = z.object({ studentId: z.string().optional() });

/** The current version to read and sign, in the reader's language, with the last signature if any. */
export const FormDocumentSchema = z.object({
  formId: z.string(),
  version: z.number().int(),
  kind: z.enum(FORM_KINDS),
  scope: z.enum(FORM_SCOPES),
  title: z.string(),
  /** Sanitised HTML. */
  body: z.string(),
  fields: z.array(FormFieldViewSchema),
  studentId: z.string().nullable(),
  childName: z.string().nullable(),
  status: z.enum(SIGNATURE_STATUSES),
  signature: FormSignatureSchema.nullable(),
  consentVersion: z.string(),
});
export type FormDocument = z.infer<typeof FormDocumentSchema>;

/** An answer: text, an ISO date, a choice's index as a string, or yes/no. */
export const FormAnswerSchema = z.union([z.string().max(FORM_LONG_ANSWER_MAX), z.boolean()]);

/** What the parent sends to sign. `version` is the version they read: a newer one answers 409. */
export const SignFormInputSchema = z.object({
  studentId: z.string().optional(),
  version: z.number().int().min(1),
  answers: z.record(z.string(), FormAnswerSchema),
  consent: z.literal(true, { error: fieldMessage('fields.forms.consentRequired') }),
  signerName: text(SIGNER_NAME_MAX),
});
export type SignFormInput = z.infer<typeof SignFormInputSchema>;

/** The staff's check of a stored signature: the SHA-256 recomputed from the stored document. */
export const SignatureVerificationSchema = z.object({
  signatureId: z.string(),
  storedSha256: z.string(),
  computedSha256: z.string(),
  matches: z.boolean(),
});
export type SignatureVerification = z.infer<typeof SignatureVerificationSchema>;

/** A session's signed forms: each child of the roster and each required form of the program. */
export const SessionFormsSchema = z.object({
  session: z.object({ id: z.number().int(), name: z.string() }),
  forms: z.array(
    z.object({
      formId: z.string(),
      title: z.string(),
      version: z.number().int(),
      requirement: z.enum(FORM_REQUIREMENTS),
      scope: z.enum(FORM_SCOPES),
    }),
  ),
  children: z.array(
    z.object({
      studentId: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      forms: z.array(
        z.object({
          formId: z.string(),
          status: z.enum(SIGNATURE_STATUSES),
          signedVersion: z.number().int().nullable(),
          signatureId: z.string().nullable(),
          signedAt: z.string().nullable(),
          pdfUrl: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type SessionForms = z.infer<typeof SessionFormsSchema>;

/** A date answer's shape, for the kit's checks. */
export const FormDateAnswerSchema = IsoDateSchema;
