/**
 * The registration domain as the API speaks it (spec §3 ClassSessionEnrollment, Waitlist submission, Payment,
 * Announcement; §7 Enrollment, Billing, Announcement, ClassSession writes; docs/architecture.md "Registration
 * domain"; docs/decisions/006-registration.md).
 *
 * Units: money is integer cents (`originalAmount`, `finalAmount`, `unitAmount`, `amount`); instants are ISO
 * timestamps (UTC); session dates are ISO calendar dates ("2026-01-12").
 */
import { z } from 'zod';
import type { REGISTRATION_STATES } from './class-session.ts';
import {
  describeSiblingDiscount,
  discountedChildren,
  type PlaceOnPayment,
  SIBLING_DISCOUNT_TYPES,
  type SiblingDiscount,
  siblingDiscountError,
  siblingDiscountPerChild,
} from './family-money.ts';
import { fieldMessage } from './field-message.ts';
import { calendarDateSchema, isoInstantSchema } from './fields.ts';

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

/** `fromDate` (ISO date or instant) limits announcements to those starting on or after it. */
export const AnnouncementQuerySchema = z.object({
  fromDate: isoInstantSchema(fieldMessage('fields.enrollment.useDate20260131'), {
    dateOnly: true,
  }).optional(),
});

export const AnnouncementSchema = z.object({
  id: z.number().int(),
  shortURL: z.string().nullable(),
  title: z.string(),
  category: z.string().nullable(),
  priority: z.number().int(),
  isActive: z.boolean(),
  dateCreated: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  webMessage: z.string().nullable(),
  showOnWeb: z.boolean(),
  emailMessage: z.string().nullable(),
  sendEmail: z.boolean(),
  smsMessage: z.string().nullable(),
  sendSMS: z.boolean(),
  /** null: for every family of the center. */
  classSessionId: z.number().int().nullable(),
  classSession: SessionSummarySchema.nullable(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

/** The announcement fields whose length is checked, each with its own "too long" message. */
type AnnouncementLabel = 'category' | 'webMessage' | 'emailMessage' | 'smsMessage';

const optionalText = (max: number, label: AnnouncementLabel) =>
  z
    .string()
    .trim()
    .max(max, fieldMessage(`fields.enrollment.${label}TooLong`, { max }))
    .nullish()
    .transform((v) => (v ? v : null));

/** The announcement part of `POST /api/Announcement` (staff). */
export const AnnouncementInputSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(3, fieldMessage('fields.enrollment.giveAnnouncementTitle'))
      .max(120, fieldMessage('fields.enrollment.keepTitleUnder120Characters')),
    shortURL: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{3,60}$/, fieldMessage('fields.enrollment.slugFormat'))
      .nullish()
      .transform((v) => (v ? v : null)),
    category: optionalText(40, 'category'),
    priority: z.coerce.number().int().min(0).max(10).default(0),
    isActive: z.boolean().default(true),
    startDate: isoInstantSchema(fieldMessage('fields.enrollment.useIsoDateTime')).nullish(),
    endDate: isoInstantSchema(fieldMessage('fields.enrollment.useIsoDateTime')).nullish(),
    webMessage: optionalText(4000, 'webMessage'),
    showOnWeb: z.boolean().default(true),
    emailMessage: optionalText(10_000, 'emailMessage'),
    sendEmail: z.boolean().default(false),
    smsMessage: optionalText(320, 'smsMessage'),
    sendSMS: z.boolean().default(false),
  })
  .superRefine((a, ctx) => {
    if (a.startDate && a.endDate && Date.parse(a.endDate) < Date.parse(a.startDate))
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: fieldMessage('fields.enrollment.endMustAfterStart'),
      });
    if (a.showOnWeb && !a.webMessage)
      ctx.addIssue({
        code: 'custom',
        path: ['webMessage'],
        message: fieldMessage('fields.enrollment.writeMessageShowWeb'),
      });
    if (a.sendEmail && !a.emailMessage)
      ctx.addIssue({
        code: 'custom',
        path: ['emailMessage'],
        message: fieldMessage('fields.enrollment.writeEmailSend'),
      });
    if (a.sendSMS && !a.smsMessage)
      ctx.addIssue({
        code: 'custom',
        path: ['smsMessage'],
        message: fieldMessage('fields.enrollment.writeTextMessageSend'),
      });
  });
export type AnnouncementInput = z.infer<typeof AnnouncementInputSchema>;

/** `POST /api/Announcement`: one announcement for each listed session; an empty list means center-wide. */
export const AnnouncementRequestSchema = z.object({
  classSessionIds: z.array(z.number().int().positive()).max(50).default([]),
  announcement: AnnouncementInputSchema,
});

const isoInstant = isoInstantSchema(fieldMessage('fields.enrollment.useIsoDateTime')).nullish();
/** Session dates: a calendar date or a date-time read as the center's date (issue 12). */
const isoDate = calendarDateSchema;

/** Body of `POST /api/ClassSession` and `PUT /api/ClassSession/{id}` (staff). Money in cents. */
/** An age limit in whole months (0–18 years), or null for none. */
const ageMonths = (which: 'youngest' | 'oldest') => {
  const message = fieldMessage(`fields.enrollment.${which}AgeMonths`);
  return z
    .number({ error: message })
    .int(message)
    .min(0, message)
    .max(216, fieldMessage('fields.enrollment.agesGoUp18Years'))
    .nullish()
    .transform((v) => v ?? null);
};

/**
 * The refund policy and sibling discount fields of the session form (issue 13, `family-money.ts`); defaults as
 * the columns. Kept here, not in `family-money.ts`, so the public pages that print the policy do not load the
 * form fields' phone-number data (decision 009).
 */
export const familyMoneyInputFields = {
  refundFullDaysBefore: z
    .number()
    .int(fieldMessage('fields.enrollment.giveWholeNumberDays'))
    .min(0, fieldMessage('fields.enrollment.use0MoreDays'))
    .max(365, fieldMessage('fields.enrollment.useAtMost365Days'))
    .default(14),
  refundPercentAfter: z
    .number()
    .int(fieldMessage('fields.enrollment.giveWholePercentage'))
    .min(0, fieldMessage('fields.enrollment.usePercentageFrom0100'))
    .max(100, fieldMessage('fields.enrollment.usePercentageFrom0100'))
    .default(50),
  supplyFeeRefundUntil: calendarDateSchema(fieldMessage('fields.enrollment.useDate20260105'))
    .nullish()
    .transform((v) => v ?? null),
  siblingDiscountType: z
    .enum(SIBLING_DISCOUNT_TYPES)
    .nullish()
    .transform((v) => v ?? null),
  siblingDiscountValue: z
    .number()
    .int(fieldMessage('fields.enrollment.giveDiscountWholeCentsWhole'))
    .min(0)
    .default(0),
  siblingDiscountAcrossProgram: z.boolean().default(false),
};

export const ClassSessionInputSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(3, fieldMessage('fields.enrollment.giveSessionName'))
      .max(100, fieldMessage('fields.enrollment.keepNameUnder100Characters')),
    description: z
      .string()
      .trim()
      .min(10, fieldMessage('fields.enrollment.describeSessionSentenceTwo'))
      .max(4000),
    thumbnail: z
      .string()
      .trim()
      .max(500)
      .nullish()
      .transform((v) => (v ? v : null)),
    sessionStartDate: isoDate(fieldMessage('fields.enrollment.useDate20260112')),
    sessionEndDate: isoDate(fieldMessage('fields.enrollment.useDate20260327')),
    priorityRegistrationStartDate: isoInstant,
    priorityRegistrationEndDate: isoInstant,
    registrationStartDate: isoInstant,
    registrationEndDate: isoInstant,
    daySchedule: z.string().trim().min(3, fieldMessage('fields.enrollment.sayWhichDaysHours')).max(200),
    isActive: z.boolean().default(true),
    stripeLineItem: z
      .string()
      .trim()
      .regex(/^price_[A-Za-z0-9]+$/, fieldMessage('fields.enrollment.useStripePriceIdPrice'))
      .nullish()
      .transform((v) => (v ? v : null)),
    supplyFeeLineItem: z
      .string()
      .trim()
      .regex(/^price_[A-Za-z0-9]+$/, fieldMessage('fields.enrollment.useStripePriceIdPrice'))
      .nullish()
      .transform((v) => (v ? v : null)),
    registrationPrice: z
      .number()
      .int(fieldMessage('fields.enrollment.givePriceWholeCents'))
      .min(0)
      .max(10_000_000),
    supplyFee: z
      .number()
      .int(fieldMessage('fields.enrollment.giveFeeWholeCents'))
      .min(0)
      .max(1_000_000)
      .default(0),
    rosterSize: z.number().int().min(0, fieldMessage('fields.enrollment.rosterSizeCannotNegative')).max(500),
    minAgeMonths: ageMonths('youngest'),
    maxAgeMonths: ageMonths('oldest'),
    waitlistActive: z.boolean().default(true),
    waitlistSize: z.number().int().min(0).max(500).default(0),
    classSectionId: z.number().int().positive().nullish(),
    expectationPolicyId: z.number().int().positive().nullish(),
    dismissalPolicyId: z.number().int().positive().nullish(),
    latePickupPolicyId: z.number().int().positive().nullish(),
    ...familyMoneyInputFields,
  })
  .superRefine((s, ctx) => {
    const discountError = siblingDiscountError(s);
    if (discountError)
      ctx.addIssue({ code: 'custom', path: ['siblingDiscountValue'], message: discountError });
    if (s.minAgeMonths !== null && s.maxAgeMonths !== null && s.minAgeMonths > s.maxAgeMonths)
      ctx.addIssue({
        code: 'custom',
        path: ['maxAgeMonths'],
        message: fieldMessage('fields.enrollment.oldestAgeMustAtLeast'),
      });
    if (s.sessionEndDate < s.sessionStartDate)
      ctx.addIssue({
        code: 'custom',
        path: ['sessionEndDate'],
        message: fieldMessage('fields.enrollment.sessionMustEndAfterStarts'),
      });
    const pairs = [
      ['priorityRegistrationStartDate', 'priorityRegistrationEndDate'],
      ['registrationStartDate', 'registrationEndDate'],
    ] as const;
    for (const [start, end] of pairs) {
      const a = s[start];
      const b = s[end];
      if (b && !a)
        ctx.addIssue({
          code: 'custom',
          path: [start],
          message: fieldMessage('fields.enrollment.setWhenWindowOpens'),
        });
      if (a && b && Date.parse(b) <= Date.parse(a))
        ctx.addIssue({
          code: 'custom',
          path: [end],
          message: fieldMessage('fields.enrollment.windowMustCloseAfterOpens'),
        });
    }
    if (
      s.priorityRegistrationEndDate &&
      s.registrationStartDate &&
      Date.parse(s.registrationStartDate) < Date.parse(s.priorityRegistrationEndDate)
    )
      ctx.addIssue({
        code: 'custom',
        path: ['registrationStartDate'],
        message: fieldMessage('fields.enrollment.generalRegistrationOpensAfterPriority'),
      });
  });
export type ClassSessionInput = z.infer<typeof ClassSessionInputSchema>;

/** Registration states in which the enroll button makes sense (re-exported for the pages). */
export const ENROLLING_STATES: ReadonlyArray<(typeof REGISTRATION_STATES)[number]> = ['Open', 'PriorityOpen'];

/** Sum of line items, cents. */
export function lineItemsTotal(items: ReadonlyArray<LineItem>): number {
  return items.reduce((sum, item) => sum + item.amount, 0);
}

/**
 * The checkout lines for `childCount` children: the registration price and, when there is one, the supply
 * fee, each per child (docs/architecture.md "Checkout"), then the sibling discount as its own negative line
 * (issue 13, `family-money.ts`): every child but the first, or every child when the family already has
 * `siblingsAlreadyEnrolled` > 0, gets `siblingDiscountPerChild` off. Cents; `lineItemsTotal` is what is charged.
 */
export function checkoutLineItems(
  session: { name: string; registrationPrice: number; supplyFee: number } & Partial<SiblingDiscount>,
  childCount: number,
  siblingsAlreadyEnrolled = 0,
): LineItem[] {
  const lines: LineItem[] = [
    {
      description: `${session.name} — registration`,
      unitAmount: session.registrationPrice,
      quantity: childCount,
      amount: session.registrationPrice * childCount,
    },
  ];
  if (session.supplyFee > 0)
    lines.push({
      description: `${session.name} — supply fee`,
      unitAmount: session.supplyFee,
      quantity: childCount,
      amount: session.supplyFee * childCount,
    });
  const discount: SiblingDiscount = {
    siblingDiscountType: session.siblingDiscountType ?? null,
    siblingDiscountValue: session.siblingDiscountValue ?? 0,
    siblingDiscountAcrossProgram: session.siblingDiscountAcrossProgram ?? false,
  };
  const per = siblingDiscountPerChild(session.registrationPrice, discount);
  const discounted = discountedChildren(childCount, siblingsAlreadyEnrolled, discount);
  if (per > 0 && discounted > 0)
    lines.push({
      description: `${SIBLING_DISCOUNT_LINE} (${describeSiblingDiscount(discount)} ${discounted === 1 ? 'a brother or sister' : 'each brother or sister'})`,
      unitAmount: -per,
      quantity: discounted,
      amount: -per * discounted,
    });
  return lines;
}

/** The start of the discount line's description; `placeOnPayment` finds the line by it. */
export const SIBLING_DISCOUNT_LINE = 'Sibling discount';

/** Cents taken off by the sibling discount on a payment's lines (0 when none), as a positive number. */
export function siblingDiscountOf(items: ReadonlyArray<LineItem>): number {
  return items
    .filter((line) => line.description.startsWith(SIBLING_DISCOUNT_LINE) && line.amount < 0)
    .reduce((sum, line) => sum - line.amount, 0);
}

/** A line as a payment provider charges it: never negative (Stripe Checkout refuses negative amounts). */
export type ChargeLine = {
  kind: 'registration' | 'siblingRegistration' | 'supplyFee';
  description: string;
  /** Cents, ≥ 0. */
  unitAmount: number;
  quantity: number;
};

/**
 * `checkoutLineItems` as the provider charges them: the discount folded into a second registration line at
 * the sibling price ("adjusted line items"), so the total is the same to the cent and each line can carry
 * the session's Stripe Price where it applies (full-price registration, supply fee).
 */
export function chargeLines(items: ReadonlyArray<LineItem>): ChargeLine[] {
  const [registration, ...rest] = items;
  if (!registration) return [];
  const discount = rest.find((line) => line.unitAmount < 0);
  const supply = rest.find((line) => line.unitAmount >= 0);
  const discounted = discount ? discount.quantity : 0;
  const lines: ChargeLine[] = [];
  if (registration.quantity - discounted > 0)
    lines.push({
      kind: 'registration',
      description: registration.description,
      unitAmount: registration.unitAmount,
      quantity: registration.quantity - discounted,
    });
  if (discount && discounted > 0)
    lines.push({
      kind: 'siblingRegistration',
      description: `${registration.description}, sibling price`,
      unitAmount: registration.unitAmount + discount.unitAmount,
      quantity: discounted,
    });
  if (supply)
    lines.push({
      kind: 'supplyFee',
      description: supply.description,
      unitAmount: supply.unitAmount,
      quantity: supply.quantity,
    });
  return lines;
}

/**
 * One child's place as a payment's lines record it (for `refundQuote`): the registration and supply fee
 * per child, the discount per discounted child, and how many children paid full price. `stillEnrolled` is the
 * caller's count.
 */
export function placeOnPayment(items: ReadonlyArray<LineItem>, stillEnrolled: number): PlaceOnPayment {
  const [registration, ...rest] = items;
  const discount = rest.find(
    (line) => line.description.startsWith(SIBLING_DISCOUNT_LINE) && line.unitAmount < 0,
  );
  const supply = rest.find((line) => line.unitAmount >= 0);
  const children = registration?.quantity ?? 0;
  return {
    registrationPrice: registration?.unitAmount ?? 0,
    supplyFee: supply?.unitAmount ?? 0,
    perChildDiscount: discount ? -discount.unitAmount : 0,
    fullPriceChildren: Math.max(0, children - (discount?.quantity ?? 0)),
    stillEnrolled,
  };
}
