/**
 * Families and children on the staff side (issue 10 "Families" and "A child's page for staff"). A family is a
 * parent account with the children it manages (`user_students`). The director (Admin) sees every family; a
 * teacher (Staff) only families with a child enrolled, holding a seat, or on the waitlist in a session they
 * teach — exactly the children their rosters already show — and never money. Money is integer cents; calendar
 * dates are "YYYY-MM-DD"; instants are ISO date-times; phones are E.164.
 */
import { z } from 'zod';
import { RestrictionSchema } from './custody.ts';
import { ENROLLMENT_STATUSES, PAYMENT_STATUSES, WAITLIST_STATUSES } from './enrollment.ts';
import { fieldMessage } from './field-message.ts';
import { FamilyAccountSchema } from './ledger.ts';
import { listSortFields } from './paging.ts';

/** The families table's sortable columns (decision 030): the parent's name (last, first) or email. */
export const FAMILY_SORTS = ['parent', 'email'] as const;
export type FamilySort = (typeof FAMILY_SORTS)[number];

/**
 * `GET /api/staff/families` query: words or a phone number, the order (`sort`, `dir`) and the page. The page
 * keeps it in its URL.
 */
export const FamilyListQuerySchema = z.object({
  /** A parent's name or email, a child's name, or a phone number in any format ("(650) 555-0199"). */
  q: z.string().trim().max(100, fieldMessage('fields.staff.searchAtMost100Characters')).optional(),
  page: z.coerce
    .number({ error: fieldMessage('fields.staff.usePageNumber1') })
    .int(fieldMessage('fields.staff.usePageNumber1'))
    .min(1, fieldMessage('fields.staff.usePageNumber1'))
    .max(100_000, fieldMessage('fields.staff.usePageNumber1'))
    .default(1),
  pageSize: z.coerce
    .number({ error: fieldMessage('fields.staff.showBetween1100Families') })
    .int(fieldMessage('fields.staff.showBetween1100Families'))
    .min(1, fieldMessage('fields.staff.showBetween1100Families'))
    .max(100, fieldMessage('fields.staff.showBetween1100Families'))
    .default(25),
  ...listSortFields(FAMILY_SORTS, 'parent'),
});
export type FamilyListQuery = z.output<typeof FamilyListQuerySchema>;

/** Path of `/api/staff/families/{userId}…`: the family's parent account (not a UUID answers 404). */
export const FamilyUserIdParamsSchema = z.object({ userId: z.string() });

/** Path of `GET /api/staff/children/{studentId}` (not a UUID answers 404). */
export const StaffChildIdParamsSchema = z.object({ studentId: z.string() });

export const FamilyChildNameSchema = z.object({
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type FamilyChildName = z.infer<typeof FamilyChildNameSchema>;

/** One family in the search results: the parent account, its phone, and its children. */
export const FamilyRowSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string(),
  /** The parent's mobile number (E.164), or null. */
  phone: z.string().nullable(),
  /** The other parents sharing this family (issue 13), by name; the family is listed once. */
  sharedWith: z.array(z.string()),
  children: z.array(FamilyChildNameSchema),
});
export type FamilyRow = z.infer<typeof FamilyRowSchema>;

export const FamilyListSchema = z.object({
  items: z.array(FamilyRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type FamilyList = z.infer<typeof FamilyListSchema>;

/** A parent account of the family (the account itself, and any other account that shares a child). */
export const FamilyParentSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailAddress: z.string(),
  phone: z.string().nullable(),
  /** The account shares its family with another parent account (issue 13); the director may remove it. */
  sharesFamily: z.boolean(),
});
export type FamilyParent = z.infer<typeof FamilyParentSchema>;

export const FamilyChildSchema = FamilyChildNameSchema.extend({
  dateOfBirth: z.string(),
  /** Whole months of age on the center's today. */
  ageMonths: z.number().int(),
  allergies: z.array(z.string()),
});
export type FamilyChild = z.infer<typeof FamilyChildSchema>;

/** An emergency contact, with the children they are listed for and whether they may pick them up. */
export const FamilyContactSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  relationship: z.string(),
  cellPhone: z.string().nullable(),
  homePhone: z.string().nullable(),
  emailAddress: z.string().nullable(),
  canPickup: z.boolean(),
  /** The children this contact is listed for ("Maya Avery"). */
  children: z.array(z.string()),
});
export type FamilyContact = z.infer<typeof FamilyContactSchema>;

export const FamilyEnrollmentSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  childName: z.string(),
  classSessionId: z.number().int(),
  sessionName: z.string(),
  sessionStartDate: z.string(),
  sessionEndDate: z.string(),
  status: z.enum(ENROLLMENT_STATUSES),
  /** When the place was taken. */
  created: z.string(),
  withdrawnAt: z.string().nullable(),
});
export type FamilyEnrollment = z.infer<typeof FamilyEnrollmentSchema>;

export const FamilyWaitlistPlaceSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  childName: z.string(),
  classSessionId: z.number().int(),
  sessionName: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  joinedAt: z.string(),
  /** When an offer lapses. */
  expires: z.string().nullable(),
});
export type FamilyWaitlistPlace = z.infer<typeof FamilyWaitlistPlaceSchema>;

/** A payment of the family (the director only). Amounts in cents. */
export const FamilyPaymentSchema = z.object({
  id: z.string(),
  created: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  sessionName: z.string().nullable(),
  /** 'stripe' | 'test' | 'free' | 'offline'. */
  provider: z.string(),
  finalAmount: z.number().int(),
  refundedAmount: z.number().int(),
  note: z.string().nullable(),
});
export type FamilyPayment = z.infer<typeof FamilyPaymentSchema>;

/** A contact, tour or tutoring-waitlist message sent from one of the family's email addresses. */
export const FamilyInboxItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['contact', 'tour', 'tutoring']),
  status: z.string(),
  submitted: z.string(),
  /** The first words of the message. */
  excerpt: z.string(),
});
export type FamilyInboxItem = z.infer<typeof FamilyInboxItemSchema>;

/**
 * `GET /api/staff/families/{userId}`. `payments` and `account` (the family account, issue 23) are null for a
 * teacher (money is the director's); `inbox` is null for a teacher without the inbox.
 */
export const StaffFamilySchema = z.object({
  userId: z.string(),
  parents: z.array(FamilyParentSchema),
  children: z.array(FamilyChildSchema),
  contacts: z.array(FamilyContactSchema),
  enrollments: z.array(FamilyEnrollmentSchema),
  waitlist: z.array(FamilyWaitlistPlaceSchema),
  payments: z.array(FamilyPaymentSchema).nullable(),
  account: FamilyAccountSchema.nullable(),
  inbox: z.array(FamilyInboxItemSchema).nullable(),
});
export type StaffFamily = z.infer<typeof StaffFamilySchema>;

export const ChildAttendanceSchema = z.object({
  id: z.string(),
  kind: z.enum(['CheckIn', 'CheckOut']),
  at: z.string(),
  sessionName: z.string(),
  /** The adult who brought or collected the child, when recorded. */
  adultName: z.string().nullable(),
});
export type ChildAttendance = z.infer<typeof ChildAttendanceSchema>;

/**
 * One recorded change to the child, their contacts or their places. `before` and `after` are null for a
 * teacher: they may hold details the family has since removed (an old phone number, a withdrawn pickup right).
 */
export const ChildChangeSchema = z.object({
  id: z.string(),
  at: z.string(),
  actorName: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type ChildChange = z.infer<typeof ChildChangeSchema>;

/** `GET /api/staff/children/{studentId}`: what the staff need to know about one child. */
export const StaffChildSchema = z.object({
  child: FamilyChildSchema.extend({
    /** Street, city, state and ZIP on one line; null for a teacher or when not given. */
    address: z.string().nullable(),
  }),
  parents: z.array(FamilyParentSchema),
  /** Active emergency contacts listed for this child. */
  contacts: z.array(FamilyContactSchema),
  enrollments: z.array(FamilyEnrollmentSchema),
  waitlist: z.array(FamilyWaitlistPlaceSchema),
  /** Check-ins and check-outs, newest first (at most 100). */
  attendance: z.array(ChildAttendanceSchema),
  /** Who changed what, newest first (at most 100). */
  changes: z.array(ChildChangeSchema),
  /** People the child may not be released to (issue 24): staff only, never in a parent's reply. */
  restrictions: z.array(RestrictionSchema),
  /**
   * What the director's correction forms start from (issue 24); null for a teacher: the child's address as
   * entered, each listed contact's children and message choices, and the family's children to choose from.
   */
  correction: z
    .object({
      address1: z.string().nullable(),
      address2: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      zipCode: z.string().nullable(),
      contacts: z.array(
        z.object({
          id: z.string(),
          studentIds: z.array(z.string()),
          receiveSMS: z.boolean(),
          receiveEmail: z.boolean(),
        }),
      ),
      familyChildren: z.array(FamilyChildNameSchema),
    })
    .nullable(),
});
export type StaffChild = z.infer<typeof StaffChildSchema>;

/** The digits of a search that looks like a phone number (at least 4 digits), else null. */
export function phoneDigits(q: string): string | null {
  if (/[a-z@]/i.test(q)) return null;
  const digits = q.replace(/\D/g, '');
  return digits.length >= 4 ? digits : null;
}
