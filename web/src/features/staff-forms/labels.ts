/**
 * The back office's words for forms (issue 26; decision 036). Staff pages are in English (decision 015).
 */
import type {
  FormFieldType,
  FormKind,
  FormRequirement,
  FormScope,
  FormStatus,
  SignatureStatus,
} from '@lc/contract';

export const FORM_KIND_LABELS: Record<FormKind, string> = {
  EnrollmentAgreement: 'Enrollment agreement',
  MedicalAuthorization: 'Medical authorization',
  PhotoRelease: 'Photo release',
  FieldTripPermission: 'Field trip permission',
  Other: 'Other form',
};

export const FORM_REQUIREMENT_LABELS: Record<FormRequirement, string> = {
  Optional: 'Optional: asked, never in the way',
  Warning: 'Required, with a reminder at enrollment',
  Blocking: 'Required before an enrollment can be completed',
};

export const FORM_SCOPE_LABELS: Record<FormScope, string> = {
  Child: 'Once per child',
  Family: 'Once per family',
};

export const FORM_FIELD_TYPE_LABELS: Record<FormFieldType, string> = {
  ShortText: 'Short answer',
  LongText: 'Long answer',
  YesNo: 'Yes or no',
  Date: 'Date',
  Choice: 'One of a few choices',
};

export const FORM_STATUS_LABELS: Record<FormStatus, string> = {
  Draft: 'Draft, not published',
  Published: 'Published',
  Archived: 'Archived',
};

export const SIGNATURE_STATUS_LABELS: Record<SignatureStatus, string> = {
  NeedsSignature: 'Not signed',
  NeedsResign: 'Signed an older version',
  Signed: 'Signed',
};
