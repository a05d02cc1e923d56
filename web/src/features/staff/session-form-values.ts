/**
 * The session form's values (issue 10): what the director types — dollars, whole numbers, dates, and
 * registration windows as the center's wall-clock time — and how they become spec §7's `ClassSessionInput`
 * (cents, ISO instants). Issue 13 adds the refund policy (days, a percentage, an optional date) and the
 * sibling discount (none, dollars off or a percentage off); a stored session's values come back into the form
 * so saving an edit never resets them to the defaults. The rules are `ClassSessionInputSchema`'s (contract): the form checks its own
 * spelling (a price in dollars, a whole number), then lets the contract judge the session, and shows each
 * message by the field it is about.
 */
import {
  type ClassSession,
  type ClassSessionInput,
  ClassSessionInputSchema,
  centsToDollarsInput,
  dollarsToCents,
} from '@lc/contract';
import { instantToWallTime, wallTimeToInstant } from '@lc/contract/zoned-time';
import { z } from 'zod';

export const SessionFormSchema = z.object({
  name: z.string(),
  description: z.string(),
  classSectionId: z.string(),
  thumbnail: z.string(),
  sessionStartDate: z.string(),
  sessionEndDate: z.string(),
  daySchedule: z.string(),
  priorityRegistrationStartDate: z.string(),
  priorityRegistrationEndDate: z.string(),
  registrationStartDate: z.string(),
  registrationEndDate: z.string(),
  registrationPrice: z.string(),
  supplyFee: z.string(),
  rosterSize: z.string(),
  waitlistSize: z.string(),
  minAgeMonths: z.string(),
  maxAgeMonths: z.string(),
  isActive: z.boolean(),
  waitlistActive: z.boolean(),
  stripeLineItem: z.string(),
  supplyFeeLineItem: z.string(),
  expectationPolicyId: z.string(),
  dismissalPolicyId: z.string(),
  latePickupPolicyId: z.string(),
  refundFullDaysBefore: z.string(),
  refundPercentAfter: z.string(),
  supplyFeeRefundUntil: z.string(),
  /** '' (no discount), 'Amount' or 'Percent'. */
  siblingDiscountType: z.string(),
  /** Dollars for 'Amount', a whole percentage for 'Percent'. */
  siblingDiscountValue: z.string(),
  siblingDiscountAcrossProgram: z.boolean(),
  /** Dollars per child; '' when the session offers no payment plan (issue 23). */
  planDeposit: z.string(),
  /** Dollars per child. */
  planFee: z.string(),
  /** The instalments' dates (YYYY-MM-DD), in the order typed. */
  planDueDates: z.array(z.string()),
  /** Dollars added to an instalment still unpaid `planLateFeeDays` days after its date; '0.00' for none. */
  planLateFee: z.string(),
  /** Whole days. */
  planLateFeeDays: z.string(),
});
export type SessionFormValues = z.infer<typeof SessionFormSchema>;
export type SessionFormField = keyof SessionFormValues;

/** The fields in the order the form shows them (focus goes to the first with a message). */
export const SESSION_FORM_FIELDS: readonly SessionFormField[] = [
  'name',
  'classSectionId',
  'description',
  'thumbnail',
  'sessionStartDate',
  'sessionEndDate',
  'daySchedule',
  'minAgeMonths',
  'maxAgeMonths',
  'registrationPrice',
  'supplyFee',
  'stripeLineItem',
  'supplyFeeLineItem',
  'rosterSize',
  'waitlistActive',
  'waitlistSize',
  'refundFullDaysBefore',
  'refundPercentAfter',
  'supplyFeeRefundUntil',
  'siblingDiscountType',
  'siblingDiscountValue',
  'siblingDiscountAcrossProgram',
  'planDeposit',
  'planFee',
  'planDueDates',
  'planLateFee',
  'planLateFeeDays',
  'priorityRegistrationStartDate',
  'priorityRegistrationEndDate',
  'registrationStartDate',
  'registrationEndDate',
  'expectationPolicyId',
  'dismissalPolicyId',
  'latePickupPolicyId',
  'isActive',
];

/** An empty form for a new session: active, a waitlist of 10, no windows yet, the default refund policy. */
export const EMPTY_SESSION_FORM: SessionFormValues = {
  name: '',
  description: '',
  classSectionId: '',
  thumbnail: '',
  sessionStartDate: '',
  sessionEndDate: '',
  daySchedule: '',
  priorityRegistrationStartDate: '',
  priorityRegistrationEndDate: '',
  registrationStartDate: '',
  registrationEndDate: '',
  registrationPrice: '',
  supplyFee: '0.00',
  rosterSize: '',
  waitlistSize: '10',
  minAgeMonths: '',
  maxAgeMonths: '',
  isActive: true,
  waitlistActive: true,
  stripeLineItem: '',
  supplyFeeLineItem: '',
  expectationPolicyId: '',
  dismissalPolicyId: '',
  latePickupPolicyId: '',
  refundFullDaysBefore: '14',
  refundPercentAfter: '50',
  supplyFeeRefundUntil: '',
  siblingDiscountType: '',
  siblingDiscountValue: '',
  siblingDiscountAcrossProgram: false,
  planDeposit: '',
  planFee: '0.00',
  planDueDates: [],
  planLateFee: '0.00',
  planLateFeeDays: '7',
};

/** A session as the form shows it: dollars, and windows as wall-clock time in `timeZone`. */
export function sessionToForm(session: ClassSession, timeZone: string): SessionFormValues {
  const wall = (iso: string | null) => (iso ? instantToWallTime(iso, timeZone) : '');
  const id = (value: number | null | undefined) => (value == null ? '' : String(value));
  return {
    name: session.name,
    description: session.description,
    classSectionId: id(session.classSectionId),
    thumbnail: session.thumbnail ?? '',
    sessionStartDate: session.sessionStartDate,
    sessionEndDate: session.sessionEndDate,
    daySchedule: session.daySchedule,
    priorityRegistrationStartDate: wall(session.priorityRegistrationStartDate),
    priorityRegistrationEndDate: wall(session.priorityRegistrationEndDate),
    registrationStartDate: wall(session.registrationStartDate),
    registrationEndDate: wall(session.registrationEndDate),
    registrationPrice: centsToDollarsInput(session.registrationPrice),
    supplyFee: centsToDollarsInput(session.supplyFee),
    rosterSize: String(session.rosterSize),
    waitlistSize: String(session.waitlistSize),
    minAgeMonths: id(session.minAgeMonths),
    maxAgeMonths: id(session.maxAgeMonths),
    isActive: session.isActive,
    waitlistActive: session.waitlistActive,
    stripeLineItem: session.stripeLineItem ?? '',
    supplyFeeLineItem: session.supplyFeeLineItem ?? '',
    expectationPolicyId: id(session.expectationPolicy?.id),
    dismissalPolicyId: id(session.dismissalPolicy?.id),
    latePickupPolicyId: id(session.latePickupPolicy?.id),
    refundFullDaysBefore: String(session.refundFullDaysBefore),
    refundPercentAfter: String(session.refundPercentAfter),
    supplyFeeRefundUntil: session.supplyFeeRefundUntil ?? '',
    siblingDiscountType: session.siblingDiscountType ?? '',
    siblingDiscountValue:
      session.siblingDiscountType === 'Amount'
        ? centsToDollarsInput(session.siblingDiscountValue)
        : session.siblingDiscountType === 'Percent'
          ? String(session.siblingDiscountValue)
          : '',
    siblingDiscountAcrossProgram: session.siblingDiscountAcrossProgram,
    planDeposit: session.plan ? centsToDollarsInput(session.plan.deposit) : '',
    planFee: centsToDollarsInput(session.plan?.fee ?? 0),
    planDueDates: session.plan ? [...session.plan.dueDates] : [],
    planLateFee: centsToDollarsInput(session.plan?.lateFee ?? 0),
    planLateFeeDays: String(session.plan?.lateFeeDays ?? 7),
  };
}

const WINDOW_FIELDS = [
  'priorityRegistrationStartDate',
  'priorityRegistrationEndDate',
  'registrationStartDate',
  'registrationEndDate',
] as const;

/**
 * The form's values as `ClassSessionInput`, or the message for each field that is not right yet (by form
 * field name). Money must be dollars with at most two decimals; counts and ages whole numbers; windows a
 * date and time; everything else is judged by `ClassSessionInputSchema`.
 */
export function formToSessionInput(
  form: SessionFormValues,
  timeZone: string,
): { ok: true; value: ClassSessionInput } | { ok: false; errors: Partial<Record<SessionFormField, string>> } {
  const errors: Partial<Record<SessionFormField, string>> = {};
  const money = (field: 'registrationPrice' | 'supplyFee', what: string) => {
    const cents = dollarsToCents(form[field] === '' && field === 'supplyFee' ? '0' : form[field]);
    if (cents === null) errors[field] = `Give ${what} in dollars, like 450 or 450.00`;
    return cents ?? 0;
  };
  const whole = (
    field:
      | 'rosterSize'
      | 'waitlistSize'
      | 'minAgeMonths'
      | 'maxAgeMonths'
      | 'refundFullDaysBefore'
      | 'refundPercentAfter'
      | 'siblingDiscountValue',
    optional: boolean,
  ) => {
    const text = form[field].trim();
    if (text === '') {
      if (!optional) errors[field] = 'Give a whole number';
      return optional ? null : 0;
    }
    if (!/^\d{1,4}$/.test(text)) {
      errors[field] = 'Give a whole number, like 12';
      return 0;
    }
    return Number(text);
  };
  const id = (text: string) => (text === '' ? null : Number(text));
  const windows = Object.fromEntries(
    WINDOW_FIELDS.map((field) => {
      if (form[field] === '') return [field, null];
      const instant = wallTimeToInstant(form[field], timeZone);
      if (instant === null) errors[field] = 'Give a date and a time';
      return [field, instant];
    }),
  ) as Record<(typeof WINDOW_FIELDS)[number], string | null>;

  /** No type: no discount (whatever the value box holds). Dollars become cents; a percentage stays whole. */
  const siblingDiscount = () => {
    const type = form.siblingDiscountType;
    if (type !== 'Amount' && type !== 'Percent')
      return { siblingDiscountType: null, siblingDiscountValue: 0, siblingDiscountAcrossProgram: false };
    let value = 0;
    if (type === 'Amount') {
      const cents = dollarsToCents(form.siblingDiscountValue);
      if (cents === null) errors.siblingDiscountValue = 'Give the discount in dollars, like 25 or 25.00';
      value = cents ?? 0;
    } else value = whole('siblingDiscountValue', false) ?? 0;
    return {
      siblingDiscountType: type,
      siblingDiscountValue: value,
      siblingDiscountAcrossProgram: form.siblingDiscountAcrossProgram,
    };
  };
  /** No deposit: no plan (whatever the dates say). Dollars become cents; empty date rows are left out. */
  const paymentPlan = () => {
    if (form.planDeposit.trim() === '')
      return { planDeposit: null, planFee: 0, planDueDates: [], planLateFee: 0, planLateFeeDays: 7 };
    const deposit = dollarsToCents(form.planDeposit);
    if (deposit === null) errors.planDeposit = 'Give the deposit in dollars, like 350 or 350.00';
    const fee = dollarsToCents(form.planFee.trim() === '' ? '0' : form.planFee);
    if (fee === null) errors.planFee = 'Give the plan fee in dollars, like 25 or 25.00; 0 for none';
    const lateFee = dollarsToCents(form.planLateFee.trim() === '' ? '0' : form.planLateFee);
    if (lateFee === null) errors.planLateFee = 'Give the late fee in dollars, like 15 or 15.00; 0 for none';
    const lateDays = /^\d+$/.test(form.planLateFeeDays.trim()) ? Number(form.planLateFeeDays.trim()) : null;
    if (lateDays === null && (lateFee ?? 0) > 0)
      errors.planLateFeeDays = 'Give a whole number of days, like 7';
    return {
      planDeposit: deposit ?? 0,
      planFee: fee ?? 0,
      planDueDates: form.planDueDates.map((d) => d.trim()).filter((d) => d !== ''),
      planLateFee: lateFee ?? 0,
      planLateFeeDays: lateDays ?? 7,
    };
  };
  const candidate = {
    name: form.name,
    description: form.description,
    thumbnail: form.thumbnail.trim() || null,
    sessionStartDate: form.sessionStartDate,
    sessionEndDate: form.sessionEndDate,
    daySchedule: form.daySchedule,
    ...windows,
    registrationPrice: money('registrationPrice', 'the price'),
    supplyFee: money('supplyFee', 'the supply fee'),
    rosterSize: whole('rosterSize', false) ?? 0,
    waitlistSize: whole('waitlistSize', false) ?? 0,
    minAgeMonths: whole('minAgeMonths', true),
    maxAgeMonths: whole('maxAgeMonths', true),
    isActive: form.isActive,
    waitlistActive: form.waitlistActive,
    // An empty optional field is "none" (null), not an empty price id.
    stripeLineItem: form.stripeLineItem.trim() || null,
    supplyFeeLineItem: form.supplyFeeLineItem.trim() || null,
    classSectionId: id(form.classSectionId),
    expectationPolicyId: id(form.expectationPolicyId),
    dismissalPolicyId: id(form.dismissalPolicyId),
    latePickupPolicyId: id(form.latePickupPolicyId),
    refundFullDaysBefore: whole('refundFullDaysBefore', false) ?? 0,
    refundPercentAfter: whole('refundPercentAfter', false) ?? 0,
    supplyFeeRefundUntil: form.supplyFeeRefundUntil.trim() || null,
    ...siblingDiscount(),
    ...paymentPlan(),
  };
  const parsed = ClassSessionInputSchema.safeParse(candidate);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as SessionFormField | undefined;
      if (field && field in form && !errors[field]) errors[field] = issue.message;
    }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, value: parsed.data };
}
