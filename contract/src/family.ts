/**
 * The family's records in the Student Portal (spec §3 Student, Allergy, Trustee; §7 Student calls;
 * issue 4): bodies, replies and the rules a parent meets in the forms, shared by web/ and server/.
 * Names follow spec §5 (trimmed, 2–50 characters); phones are E.164 (libphonenumber-js); dates are ISO.
 */
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';
import {
  EMAIL_INVALID,
  EmailSchema,
  IsoDateSchema,
  nameSchema,
  OptionalPhoneSchema,
  optionalText,
} from './fields.ts';

/** US states, DC and the territories, by USPS code (the center is in the US; spec §3 `country`). */
export const US_STATES = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
} as const;
export type UsStateCode = keyof typeof US_STATES;

/** spec §9: the center serves children from 3½ to 12 years old. Ages are in whole months here. */
export const MIN_AGE_MONTHS = 42;
export const MAX_AGE_MONTHS = 13 * 12 - 1;
export const DOB_IN_FUTURE = fieldMessage('fields.family.dobInFuture');
export const DOB_OUT_OF_RANGE = fieldMessage('fields.family.dobOutOfRange');

/** Whole months between an ISO birth date and an ISO "today" (a child born 2022-05-14 is 42 months on 2025-11-14). */
export function ageInMonths(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return (ty - by) * 12 + (tm - bm) - (td < bd ? 1 : 0);
}

/**
 * What is wrong with a date of birth on `today` (both ISO dates), or null when the child is an age the
 * center serves (spec §9). Used by the form (browser's today) and the server (the center's today).
 */
export function dateOfBirthProblem(dateOfBirth: string, today: string): string | null {
  if (dateOfBirth >= today) return DOB_IN_FUTURE;
  const months = ageInMonths(dateOfBirth, today);
  return months < MIN_AGE_MONTHS || months > MAX_AGE_MONTHS ? DOB_OUT_OF_RANGE : null;
}

/** issue 12: a family has at most this many children and this many emergency contacts (409 beyond). */
export const MAX_CHILDREN_PER_FAMILY = 20;
export const MAX_CONTACTS_PER_FAMILY = 20;
export const FAMILY_CHILDREN_FULL = fieldMessage('fields.family.childrenFull', {
  count: MAX_CHILDREN_PER_FAMILY,
});
export const FAMILY_CONTACTS_FULL = fieldMessage('fields.family.contactsFull', {
  count: MAX_CONTACTS_PER_FAMILY,
});

const ZIP_INVALID = fieldMessage('fields.family.zipInvalid');

/**
 * A child (POST /api/Student, PUT /api/Student/{id}). The address is optional as a whole; when any part is
 * given, street, city, state and ZIP are needed so the center can use it. Date-of-birth age is checked
 * with {@link dateOfBirthProblem} against today (by the form and the server), not here.
 */
export const StudentInputSchema = z
  .object({
    firstName: nameSchema(fieldMessage('fields.family.childFirstName')),
    lastName: nameSchema(fieldMessage('fields.family.childLastName')),
    dateOfBirth: IsoDateSchema,
    address1: optionalText(100),
    address2: optionalText(100),
    city: optionalText(60),
    state: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v.toUpperCase() : null))
      .refine((v) => v === null || v in US_STATES, fieldMessage('fields.family.chooseState')),
    zipCode: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || /^\d{5}(-\d{4})?$/.test(v), ZIP_INVALID),
  })
  .superRefine((value, ctx) => {
    const parts = [value.address1, value.city, value.state, value.zipCode];
    if (parts.every((p) => p === null) && value.address2 === null) return;
    const required: Array<[keyof typeof value, string]> = [
      ['address1', fieldMessage('fields.family.streetRequired')],
      ['city', fieldMessage('fields.family.cityRequired')],
      ['state', fieldMessage('fields.family.chooseState')],
      ['zipCode', ZIP_INVALID],
    ];
    for (const [key, message] of required) {
      if (value[key] === null) ctx.addIssue({ code: 'custom', path: [key], message });
    }
  });
export type StudentInput = z.input<typeof StudentInputSchema>;
export type StudentValues = z.output<typeof StudentInputSchema>;

/** POST /api/Student/{id}/Allergies body (spec §7: {id, name}; the server assigns the id). */
export const AllergyInputSchema = z.object({
  name: z
    .string({ error: fieldMessage('fields.family.allergyRequired') })
    .trim()
    .min(2, fieldMessage('fields.family.allergyTooShort'))
    .max(60, fieldMessage('fields.family.max60')),
});
export type AllergyInput = z.input<typeof AllergyInputSchema>;

export const AllergySchema = z.object({ id: z.string(), name: z.string(), studentId: z.string() });
export type Allergy = z.infer<typeof AllergySchema>;

/** Relationships offered in the form; a parent may also type their own. */
export const RELATIONSHIPS = [
  'Parent',
  'Grandparent',
  'Aunt or uncle',
  'Sibling',
  'Family friend',
  'Neighbor',
  'Nanny or babysitter',
] as const;

export const SMS_NEEDS_CELL = fieldMessage('fields.family.smsNeedsCell');
export const EMAIL_NEEDS_ADDRESS = fieldMessage('fields.family.emailNeedsAddress');
export const CONTACT_NEEDS_PHONE = fieldMessage('fields.family.contactNeedsPhone');
export const CONTACT_NEEDS_CHILD = fieldMessage('fields.family.contactNeedsChild');

/**
 * An emergency contact (trustee) and which of the family's children it is for
 * (POST /api/Student/Trustees, PUT /api/Student/Trustees/{id}).
 */
export const TrusteeInputSchema = z
  .object({
    firstName: nameSchema(fieldMessage('fields.family.contactFirstName')),
    lastName: nameSchema(fieldMessage('fields.family.contactLastName')),
    relationship: z
      .string({ error: fieldMessage('fields.family.relationshipRequired') })
      .trim()
      .min(2, fieldMessage('fields.family.relationshipRequired'))
      .max(40, fieldMessage('fields.family.max40')),
    homePhone: OptionalPhoneSchema,
    cellPhone: OptionalPhoneSchema,
    emailAddress: z
      .string({ error: EMAIL_INVALID })
      .trim()
      .nullish()
      .transform((v) => (v ? v : null))
      // Nullable, not a union: a bad address says EMAIL_INVALID, not the union's "not one we accept".
      .pipe(EmailSchema.nullable()),
    canPickup: z.boolean().default(false),
    receiveSMS: z.boolean().default(false),
    receiveEmail: z.boolean().default(false),
    isActive: z.boolean().default(true),
    studentIds: z
      .array(z.uuid({ error: fieldMessage('fields.family.unknownChild') }), { error: CONTACT_NEEDS_CHILD })
      .min(1, CONTACT_NEEDS_CHILD)
      .max(20),
  })
  .superRefine((value, ctx) => {
    // One message on the cell phone field: the more specific one when texts were asked for.
    if (value.receiveSMS && !value.cellPhone) {
      ctx.addIssue({ code: 'custom', path: ['cellPhone'], message: SMS_NEEDS_CELL });
    } else if (!value.homePhone && !value.cellPhone) {
      ctx.addIssue({ code: 'custom', path: ['cellPhone'], message: CONTACT_NEEDS_PHONE });
    }
    if (value.receiveEmail && !value.emailAddress) {
      ctx.addIssue({ code: 'custom', path: ['emailAddress'], message: EMAIL_NEEDS_ADDRESS });
    }
  });
export type TrusteeInput = z.input<typeof TrusteeInputSchema>;
export type TrusteeValues = z.output<typeof TrusteeInputSchema>;

/** A child as the API answers it (spec §3 Student), with allergies and the ids of their contacts. */
export const StudentSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  dateOfBirth: z.string(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string(),
  allergies: z.array(AllergySchema),
  trusteeIds: z.array(z.string()),
});
export type Student = z.infer<typeof StudentSchema>;

/** An emergency contact as the API answers it (spec §3 Trustee), with the children it is for. */
export const TrusteeSchema = z.object({
  id: z.string(),
  isActive: z.boolean(),
  type: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  homePhone: z.string().nullable(),
  cellPhone: z.string().nullable(),
  emailAddress: z.string().nullable(),
  relationship: z.string(),
  canPickup: z.boolean(),
  receiveSMS: z.boolean(),
  receiveEmail: z.boolean(),
  studentIds: z.array(z.string()),
});
export type Trustee = z.infer<typeof TrusteeSchema>;

/** Path parameters (ids are UUIDs; anything else answers 404 like an unknown id). */
export const StudentIdParamsSchema = z.object({ studentId: z.string() });
export const AllergyIdParamsSchema = z.object({ studentId: z.string(), allergyId: z.string() });
export const TrusteeIdParamsSchema = z.object({ trusteeId: z.string() });
export const StudentListQuerySchema = z.object({ userId: z.string().optional() });

/** `GET /api/Student`: the family's children, oldest first, with allergies. */
export const StudentListSchema = z.array(StudentSchema);

/** `GET /api/Student/Trustees` and `GET /api/Student/{studentId}/Trustees`: emergency contacts. */
export const TrusteeListSchema = z.array(TrusteeSchema);

/** `POST /api/Family/Close` (issue 13): the parent's password, typed again to close the family's account. */
export const CloseAccountSchema = z.object({
  password: z
    .string({ error: fieldMessage('fields.family.closePassword') })
    .min(1, fieldMessage('fields.family.closePassword'))
    .max(200, fieldMessage('fields.family.closePassword')),
});
export type CloseAccountInput = z.input<typeof CloseAccountSchema>;

/** A parent of a shared family (issue 13, co-parents), as `GET /api/Family` lists them. */
export const SharingParentSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string(),
  /** When they joined the shared family (ISO); null for a family nobody else shares yet. */
  joinedAt: z.string().nullable(),
  isYou: z.boolean(),
});

/** An invitation still waiting to be accepted (7 days). */
export const FamilyInvitationSchema = z.object({
  id: z.string(),
  emailAddress: z.string(),
  /** First name of the parent who sent it. */
  invitedBy: z.string(),
  created: z.string(),
  expiresAt: z.string(),
});

/** `GET /api/Family`: who shares the family, open invitations, and the children's first names. */
export const CoParentFamilySchema = z.object({
  parents: z.array(SharingParentSchema),
  invitations: z.array(FamilyInvitationSchema),
  childNames: z.array(z.string()),
});
export type CoParentFamily = z.infer<typeof CoParentFamilySchema>;

/** Path of `DELETE /api/Family/Invitations/{invitationId}`: the invitation to withdraw. */
export const InvitationIdParamsSchema = z.object({ invitationId: z.string() });

/** `POST /api/Family/Invitations`: the other parent's email address. */
export const InviteCoParentSchema = z.object({ emailAddress: EmailSchema });
export type InviteCoParent = z.infer<typeof InviteCoParentSchema>;

/** The token from an invitation link (`/dashboard/family/join/{token}`). */
export const InvitationTokenSchema = z.object({
  token: z.string().min(20, fieldMessage('fields.family.invitationIncomplete')).max(200),
});

/** `POST /api/Family/Invitation/Preview`: what the accept page shows before accepting. */
export const InvitationPreviewSchema = z.object({
  invitedBy: z.string(),
  childNames: z.array(z.string()),
  parentNames: z.array(z.string()),
  expiresAt: z.string(),
  /** The caller already shares another family (they must leave it first). */
  alreadyInFamily: z.boolean(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;
