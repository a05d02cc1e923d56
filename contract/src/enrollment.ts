/**
 * The registration domain as the API speaks it (spec §3 ClassSessionEnrollment, Waitlist submission, Payment,
 * §7 Enrollment and Billing; docs/architecture.md "Registration
 * domain"; docs/decisions/006-registration.md). Announcements, the session editor's body and the checkout lines
 * live beside it (announcements.ts, class-session-input.ts, checkout-lines.ts).
 *
 * Units: money is integer cents (`originalAmount`, `finalAmount`, `unitAmount`, `amount`); instants are ISO
 * timestamps (UTC); session dates are ISO calendar dates ("2026-01-12").
 */
import { z } from 'zod';
import { ComplianceItemSchema } from './child-health.ts';
import type { REGISTRATION_STATES } from './class-session.ts';
import { fieldMessage } from './field-message.ts';
import { PlanScheduleSchema } from './payment-plan.ts';

export const ENROLLMENT_STATUSES = ['PendingPayment', 'Enrolled', 'Cancelled', 'Withdrawn'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];
/** `RefundDue`: paid after its seat was gone; the center owes the money back (marked when a refund failed). */
export const PAYMENT_STATUSES = ['Pending', 'Paid', 'Failed', 'Expired', 'Refunded', 'RefundDue'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const WAITLIST_STATUSES = ['Waiting', 'Offered', 'Accepted', 'Expired', 'Withdrawn'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** How many children one request may enroll or add to a waitlist at once. */
export const MAX_CHILDREN_PER_REQUEST = 10;

const uuidMessage = fieldMessage('fields.enrollment.chooseFamilyChildren');

/**
 * Body of `POST /api/ClassSessionEnrollment`, `POST /api/ClassSessionEnrollment/{classSessionId}` and
 * `POST …/JoinWaitlist/{classSessionId}`: which of the family's children, for which session.
 */
export const EnrollmentRequestSchema = z.object({
  classSessionId: z.coerce
    .number({ message: fieldMessage('fields.enrollment.chooseSession') })
    .int(fieldMessage('fields.enrollment.chooseSession'))
    .positive(fieldMessage('fields.enrollment.chooseSession'))
    .max(2_147_483_647, fieldMessage('fields.enrollment.chooseSession')),
  studentIds: z
    .array(z.uuid(uuidMessage), { message: fieldMessage('fields.enrollment.chooseAtLeastOneChild') })
    .min(1, fieldMessage('fields.enrollment.chooseAtLeastOneChild'))
    .max(
      MAX_CHILDREN_PER_REQUEST,
      fieldMessage('fields.enrollment.chooseAtMostChildren', { max: MAX_CHILDREN_PER_REQUEST }),
    )
    .refine((ids) => new Set(ids).size === ids.length, fieldMessage('fields.enrollment.childOnlyOnce')),
  /** Pay on the session's payment plan (a deposit now, the rest in instalments) instead of in full. */
  paymentPlan: z.boolean().optional(),
  /**
   * On the payment plan: save the card or bank account paid with today and charge the instalments to it on
   * their dates (autopay, issue 23). Ignored when paying in full.
   */
  saveMethod: z.boolean().optional(),
});
export type EnrollmentRequest = z.infer<typeof EnrollmentRequestSchema>;

/** The few session facts a family's records show next to an enrollment, payment or waitlist place. */
export const SessionSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sessionStartDate: z.string(),
  sessionEndDate: z.string(),
  daySchedule: z.string(),
  thumbnail: z.string().nullable(),
});
export type SessionSummary = z.infer<typeof SessionSummarySchema>;

/** A child as named on an enrollment, payment or waitlist place. */
export const StudentSummarySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
});
export type StudentSummary = z.infer<typeof StudentSummarySchema>;

/** One child's place in one session (spec §3 ClassSessionEnrollment). */
export const ClassSessionEnrollmentSchema = z.object({
  id: z.string(),
  classSessionId: z.number().int(),
  classSession: SessionSummarySchema,
  studentId: z.string(),
  student: StudentSummarySchema,
  /** Every child enrolled by the same request (the same payment); at least `student`. */
  students: z.array(StudentSummarySchema),
  status: z.enum(ENROLLMENT_STATUSES),
  created: z.string(),
  paymentId: z.string().nullable(),
  /** While `PendingPayment`: when the held seat is released unless the checkout is paid. */
  holdExpiresAt: z.string().nullable(),
});
export type ClassSessionEnrollment = z.infer<typeof ClassSessionEnrollmentSchema>;

/** One line of a checkout: registration or supply fee, per child. */
export const LineItemSchema = z.object({
  description: z.string(),
  /** Cents. */
  unitAmount: z.number().int(),
  quantity: z.number().int(),
  /** Cents: unitAmount × quantity. */
  amount: z.number().int(),
});
export type LineItem = z.infer<typeof LineItemSchema>;

/** A payment (spec §3 Payment). Provider JSON (`checkoutJSON`, `chargeJSON`) stays on the server. */
export const PaymentSchema = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** Cents, before discounts. */
  originalAmount: z.number().int(),
  /** Cents, what the family pays. */
  finalAmount: z.number().int(),
  /** 'stripe' or 'test' (the built-in test checkout: no card is charged). */
  provider: z.string(),
  /** The hosted checkout page the browser goes to while the payment is `Pending`. */
  checkoutUrl: z.string().nullable(),
  checkoutId: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
  receiptUrl: z.string().nullable(),
  emailAddress: z.string().nullable(),
  created: z.string(),
  userId: z.string(),
  /** The payer's name: in a shared family (issue 13, co-parents) Billing says who paid each payment. */
  paidBy: z.string(),
  /** When the held seats are released unless the checkout is completed. */
  holdExpiresAt: z.string().nullable(),
  classSessionId: z.number().int().nullable(),
  classSession: SessionSummarySchema.nullable(),
  lineItems: z.array(LineItemSchema),
  enrollments: z.array(ClassSessionEnrollmentSchema),
  /** Cents given back so far (staff refunds, issue 10); 0 when nothing was refunded. */
  refundedAmount: z.number().int(),
  /** When the latest refund went through (ISO date-time), or null. */
  refundedAt: z.string().nullable(),
  /** A checkout on a payment plan: today's deposits and fees and the instalments after (issue 23), or null. */
  plan: PlanScheduleSchema.nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** A child's place on a session's waitlist (spec §3 Waitlist submission). */
export const WaitlistSubmissionSchema = z.object({
  id: z.string(),
  classSessionId: z.number().int(),
  classSession: SessionSummarySchema,
  studentId: z.string(),
  student: StudentSummarySchema,
  students: z.array(StudentSummarySchema),
  status: z.enum(WAITLIST_STATUSES),
  created: z.string(),
  /** While `Offered`: when the offered seat passes to the next family. */
  expires: z.string().nullable(),
  /** 1 = next in line; null unless `Waiting`. */
  position: z.number().int().nullable(),
});
export type WaitlistSubmission = z.infer<typeof WaitlistSubmissionSchema>;

/**
 * `GET /api/ClassSessionEnrollment/{classSessionId}`: the caller's children for one session, each with
 * where they stand and whether they may enroll now (the same rule and sentence as `VerifyEligibility`).
 */
export const SessionStudentSchema = StudentSummarySchema.extend({
  dateOfBirth: z.string(),
  /** The child's live enrollment in this session, if any. */
  enrollmentStatus: z.enum(ENROLLMENT_STATUSES).nullable(),
  /** The child's open or accepted waitlist place in this session, if any. */
  waitlistStatus: z.enum(WAITLIST_STATUSES).nullable(),
  waitlistPosition: z.number().int().nullable(),
  /** While the child holds an offered seat: when the offer lapses. */
  offerExpires: z.string().nullable(),
  canEnroll: z.boolean(),
  canJoinWaitlist: z.boolean(),
  /** A sentence a parent can act on, e.g. "Maya can enroll now." */
  eligibility: z.string(),
  /**
   * The child holds a place that makes a brother or sister an additional child for the session's sibling
   * discount (issue 13): enrolled or holding a seat in this session, or, when the discount reaches across
   * the program, in another of its sessions that has not ended. The checkout counts these children, leaving
   * out the ones being enrolled, as `siblingsAlreadyEnrolled` (`siblingsAlreadyEnrolled()` below). The
   * server always sends it; absent reads as false.
   */
  holdsSiblingPlace: z.boolean().optional(),
  /**
   * The session's program's forms still to sign for the child (issue 26; decision 036): a `blocking` one keeps
   * the child from enrolling until its current version is signed; the others are asked beside the enrollment.
   */
  formsToSign: z.array(z.object({ formId: z.string(), title: z.string(), blocking: z.boolean() })).optional(),
  /**
   * What the session's program requires of the child's health records and they still lack (issue 26,
   * decision 035): `blocking` items refuse a new enrollment, `warnings` let it go ahead. Absent when nothing
   * is missing (or the child already holds a place).
   */
  health: z
    .object({ blocking: z.array(ComplianceItemSchema), warnings: z.array(ComplianceItemSchema) })
    .optional(),
});
export type SessionStudent = z.infer<typeof SessionStudentSchema>;

/**
 * `checkoutLineItems`' `siblingsAlreadyEnrolled` for enrolling `chosenIds`: the family's children holding a
 * sibling place (`holdsSiblingPlace`) who are not among the chosen — the count the checkout uses.
 */
export function siblingsAlreadyEnrolled(
  students: ReadonlyArray<Pick<SessionStudent, 'id' | 'holdsSiblingPlace'>>,
  chosenIds: ReadonlyArray<string>,
): number {
  return students.filter((s) => s.holdsSiblingPlace === true && !chosenIds.includes(s.id)).length;
}

/** Query of `VerifyEligibility`: without `studentId` the sentence is about the family. */
export const EligibilityQuerySchema = z.object({ studentId: z.string().optional() });

export const CheckoutIdParamsSchema = z.object({ checkoutId: z.string().min(1).max(255) });

/**
 * `cancelled=true`: the parent came back through the checkout's cancel link (the failed page), so a checkout
 * still open is ended at the provider and its seats released at once, instead of when the hold runs out.
 */
export const ConfirmationQuerySchema = z.object({ cancelled: z.enum(['true', 'false']).optional() });

/** `GET /api/ClassSessionEnrollment`: the family's enrollments, newest session first. */
export const EnrollmentListSchema = z.array(ClassSessionEnrollmentSchema);

/** `GET /api/ClassSessionEnrollment/Waitlist` and `POST …/JoinWaitlist/{classSessionId}`: waitlist places. */
export const WaitlistPlacesSchema = z.array(WaitlistSubmissionSchema);

/** `GET /api/ClassSessionEnrollment/{classSessionId}`: each of the family's children for the session. */
export const SessionStudentsSchema = z.array(SessionStudentSchema);

/** `GET …/{classSessionId}/VerifyEligibility`: the sentence for the family, sent as plain text. */
export const EligibilitySentenceSchema = z.string();

/** `GET /api/Billing`: the family's payments, newest first. */
export const PaymentListSchema = z.array(PaymentSchema);

/** What the Stripe webhook answers once an event is taken in (`POST /api/Billing/StripeWebhook`). */
export const WebhookReceiptSchema = z.object({ received: z.literal(true) });

/** Registration states in which the enroll button makes sense (re-exported for the pages). */
export const ENROLLING_STATES: ReadonlyArray<(typeof REGISTRATION_STATES)[number]> = ['Open', 'PriorityOpen'];
