/**
 * The body of `POST /api/ClassSession` and `PUT /api/ClassSession/{id}` (staff; spec §3 ClassSession, §7):
 * every field of a session as the director writes it. Money in cents, ages in whole months, dates ISO calendar
 * dates, registration windows ISO instants (docs/architecture.md "Registration domain").
 */
import { z } from 'zod';
import { SIBLING_DISCOUNT_TYPES, siblingDiscountError } from './family-money.ts';
import { fieldMessage } from './field-message.ts';
import { calendarDateSchema, isoInstantSchema } from './fields.ts';
import { paymentPlanError, paymentPlanInputFields } from './payment-plan.ts';

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
    ...paymentPlanInputFields,
  })
  .superRefine((s, ctx) => {
    const discountError = siblingDiscountError(s);
    if (discountError)
      ctx.addIssue({ code: 'custom', path: ['siblingDiscountValue'], message: discountError });
    const planError = paymentPlanError(s);
    if (planError) ctx.addIssue({ code: 'custom', path: [planError.path], message: planError.message });
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
