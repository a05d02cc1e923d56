/**
 * A family's money rules for one session (issue 13; decision 014): the sibling discount on the enroll page
 * and at checkout, and the refund a withdrawal gives under the session's refund policy. Pure functions of
 * cents and ISO dates, shared by the API (what is charged and refunded) and the pages (what is shown before),
 * so the two cannot disagree.
 */
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';
import { dateTimeFormat, formatCents } from './intl.ts';

export const SIBLING_DISCOUNT_TYPES = ['Amount', 'Percent'] as const;
export type SiblingDiscountType = (typeof SIBLING_DISCOUNT_TYPES)[number];

/** A session's sibling discount as stored (`class_sessions.sibling_discount_*`). */
export type SiblingDiscount = {
  /** null: no discount. */
  siblingDiscountType: SiblingDiscountType | null;
  /** Cents off for 'Amount'; whole percent (1–100) for 'Percent'. */
  siblingDiscountValue: number;
  /** A brother or sister enrolled in another session of the same program counts as the first child. */
  siblingDiscountAcrossProgram: boolean;
};

/** A session's refund policy as stored (`class_sessions.refund_*`, `supply_fee_refund_until`). */
export type RefundPolicy = {
  /** Full refund (registration and supply fee) when withdrawing at least this many days before the start. */
  refundFullDaysBefore: number;
  /** After that, until the last day: this whole percentage of the registration. */
  refundPercentAfter: number;
  /** ISO date up to which (inclusive) the supply fee comes back in full; null: only in the full window. */
  supplyFeeRefundUntil: string | null;
};

/**
 * The discount field's error, or null: a type needs a value (cents > 0 and at most the registration price,
 * or 1–100 percent), and no type needs 0.
 */
export function siblingDiscountError(s: SiblingDiscount & { registrationPrice: number }): string | null {
  if (s.siblingDiscountType === null)
    return s.siblingDiscountValue === 0
      ? null
      : fieldMessage('fields.enrollment.chooseWhetherDiscountAmountPercentage');
  if (s.siblingDiscountType === 'Percent')
    return s.siblingDiscountValue >= 1 && s.siblingDiscountValue <= 100
      ? null
      : fieldMessage('fields.enrollment.usePercentageFrom1100');
  if (s.siblingDiscountValue <= 0) return fieldMessage('fields.enrollment.giveAmountOff');
  return s.siblingDiscountValue > s.registrationPrice
    ? fieldMessage('fields.enrollment.discountCannotMoreThanRegistration')
    : null;
}

/** Cents off one additional child's registration (0 without a discount); never more than the price. */
export function siblingDiscountPerChild(registrationPrice: number, discount: SiblingDiscount): number {
  if (discount.siblingDiscountType === 'Percent')
    return Math.floor((registrationPrice * discount.siblingDiscountValue) / 100);
  if (discount.siblingDiscountType === 'Amount')
    return Math.min(discount.siblingDiscountValue, registrationPrice);
  return 0;
}

/** "10% off" / "$25.00 off", for the discount line and the session page. */
export function describeSiblingDiscount(discount: SiblingDiscount): string | null {
  if (discount.siblingDiscountType === 'Percent') return `${discount.siblingDiscountValue}% off`;
  if (discount.siblingDiscountType === 'Amount') return `${formatCents(discount.siblingDiscountValue)} off`;
  return null;
}

/**
 * How many of `childCount` children enrolling together get the sibling price: all but the first, or all of
 * them when the family already has a child enrolled (`siblingsAlreadyEnrolled` > 0: in this session, or in
 * the program's other sessions when the discount reaches across). 0 without a discount.
 */
export function discountedChildren(
  childCount: number,
  siblingsAlreadyEnrolled: number,
  discount: SiblingDiscount,
): number {
  if (discount.siblingDiscountType === null || childCount <= 0) return 0;
  return siblingsAlreadyEnrolled > 0 ? childCount : childCount - 1;
}

/**
 * The registration price of `childCount` children on one payment of which the first `fullPriceChildren`
 * (0 or 1) pay full price and the rest the sibling price. Cents.
 */
export function registrationFor(
  childCount: number,
  fullPriceChildren: number,
  registrationPrice: number,
  perChildDiscount: number,
): number {
  return childCount * registrationPrice - perChildDiscount * Math.max(0, childCount - fullPriceChildren);
}

/** The ISO date `days` days after `date` (negative: before). Calendar arithmetic, no time zone involved. */
export function shiftDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The last day (ISO, inclusive) a withdrawal gets the full refund. */
export function fullRefundUntil(policy: RefundPolicy, sessionStartDate: string): string {
  return shiftDate(sessionStartDate, -policy.refundFullDaysBefore);
}

/** One child's place on a payment, as the payment's lines record it (cents). */
export type PlaceOnPayment = {
  /** The registration line's unit price. */
  registrationPrice: number;
  /** The supply fee per child (0 when none). */
  supplyFee: number;
  /** Cents off each discounted child (0 when none). */
  perChildDiscount: number;
  /** Children the payment bought that paid full price (0 or 1). */
  fullPriceChildren: number;
  /** Children of this payment still enrolled, the one withdrawing included. */
  stillEnrolled: number;
};

export type RefundQuote = {
  /** Cents of registration this child's place is worth, after recomputing the family's discount. */
  registrationShare: number;
  /** Cents of registration refunded. */
  registrationRefund: number;
  /** Cents of supply fee refunded. */
  supplyFeeRefund: number;
  /** Cents refunded in all (before the payment's own cap: what staff already gave back). */
  total: number;
  /** Which rule applied: 'full' until the full-refund date, 'partial' after it. */
  window: 'full' | 'partial';
};

/**
 * The refund for withdrawing one child on `today` (ISO date in the center's time zone) under `policy`.
 *
 * The sibling rule (decision 014): the family's discount is recomputed as if the withdrawn child had never
 * been on the payment, so the child's registration share is what the payment's price drops by:
 * `registrationFor(n) − registrationFor(n − 1)` with n the children of the payment still enrolled. Two
 * siblings at $300 with 10% off the second paid $570; either one withdrawing is worth $270 (the other keeps
 * the full-price place), the last one $300, and the shares of every withdrawal add up to exactly what was paid.
 *
 * Until `fullRefundUntil` the share and the supply fee come back in full; after it `refundPercentAfter` % of
 * the share (rounded down to the cent) and the supply fee only up to `supplyFeeRefundUntil`.
 */
export function refundQuote(
  policy: RefundPolicy,
  sessionStartDate: string,
  today: string,
  place: PlaceOnPayment,
): RefundQuote {
  const n = Math.max(1, place.stillEnrolled);
  const registrationShare =
    registrationFor(n, place.fullPriceChildren, place.registrationPrice, place.perChildDiscount) -
    registrationFor(n - 1, place.fullPriceChildren, place.registrationPrice, place.perChildDiscount);
  const window = today <= fullRefundUntil(policy, sessionStartDate) ? 'full' : 'partial';
  const registrationRefund =
    window === 'full' ? registrationShare : Math.floor((registrationShare * policy.refundPercentAfter) / 100);
  const supplyBack =
    window === 'full' || (policy.supplyFeeRefundUntil !== null && today <= policy.supplyFeeRefundUntil);
  const supplyFeeRefund = supplyBack ? place.supplyFee : 0;
  return {
    registrationShare,
    registrationRefund,
    supplyFeeRefund,
    total: registrationRefund + supplyFeeRefund,
    window,
  };
}

/**
 * Cents of a brother's or sister's sibling discount that end when the place that earned it is withdrawn
 * (issue 21, decision 019): one child's discount (`perChildDiscount`) when every child of `place`'s payment
 * got the sibling price — so the discount came from a brother's or sister's place outside the payment — and
 * at least one of them is still enrolled; otherwise 0. Without that outside place the payment would have
 * charged one of its children the full price (`discountedChildren`), so that is what the family gives back.
 */
export function siblingDiscountEnding(place: PlaceOnPayment): number {
  if (place.perChildDiscount <= 0 || place.fullPriceChildren > 0 || place.stillEnrolled <= 0) return 0;
  return place.perChildDiscount;
}

/**
 * "Friday, January 2, 2026" for an ISO date, or with `locale` 'es-US' "viernes, 2 de enero de 2026" (formatter
 * built on first use: `intl.ts`).
 */
export function formatPolicyDate(date: string, locale = 'en-US'): string {
  return dateTimeFormat(locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * The refund policy in plain words, one sentence per rule, for the enroll page, the session page and the
 * withdraw dialog (issue 13: shown before payment).
 */
export function describeRefundPolicy(
  policy: RefundPolicy,
  session: { sessionStartDate: string; supplyFee: number },
): string[] {
  const until = fullRefundUntil(policy, session.sessionStartDate);
  const days = policy.refundFullDaysBefore;
  const lines = [
    days === 0
      ? `Withdraw by the first day (${formatPolicyDate(session.sessionStartDate)}) and we refund everything you paid.`
      : `Withdraw by ${formatPolicyDate(until)} (${days} ${days === 1 ? 'day' : 'days'} before the first day) and we refund everything you paid.`,
    policy.refundPercentAfter === 0
      ? 'After that, the registration is not refunded.'
      : policy.refundPercentAfter === 100
        ? 'After that, we still refund the whole registration until the last day.'
        : `After that, we refund ${policy.refundPercentAfter}% of the registration until the last day.`,
  ];
  if (session.supplyFee > 0) {
    if (policy.supplyFeeRefundUntil && policy.supplyFeeRefundUntil > until)
      lines.push(
        `The supply fee (${formatCents(session.supplyFee)}) is refunded in full until ${formatPolicyDate(policy.supplyFeeRefundUntil)}.`,
      );
    else
      lines.push(
        `The supply fee (${formatCents(session.supplyFee)}) is refunded only in the full-refund period.`,
      );
  }
  return lines;
}

// ─── Withdrawing a child in the portal (issue 13, "Withdraw a child, with the session's refund policy") ───

/** The idempotency key a withdraw dialog makes when it opens (a double click is one withdrawal). */
const withdrawKey = z
  .string({ error: fieldMessage('fields.enrollment.idempotencyKey') })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, fieldMessage('fields.enrollment.idempotencyKey'));

/** Path of `GET …/{enrollmentId}/Withdrawal` and `POST …/{enrollmentId}/Withdraw`: the child's enrollment. */
export const EnrollmentIdParamsSchema = z.object({ enrollmentId: z.string() });

/** How a refund reaches the family: to the card (Stripe, test checkout), by the office (e.g. a check), or none. */
export const REFUND_METHODS = ['card', 'office', 'none'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/**
 * `GET /api/ClassSessionEnrollment/{enrollmentId}/Withdrawal`: the exact refund withdrawing the child today
 * would give, broken down. Cents and ISO dates (`today` is the center's calendar date).
 */
export const WithdrawalQuoteSchema = z.object({
  enrollmentId: z.string(),
  child: z.object({ id: z.string(), firstName: z.string(), fullName: z.string() }),
  classSession: z.object({
    id: z.number().int(),
    name: z.string(),
    sessionStartDate: z.string(),
    sessionEndDate: z.string(),
  }),
  /** The center's date the quote is for (ISO). */
  today: z.string(),
  policy: z.object({
    refundFullDaysBefore: z.number().int(),
    refundPercentAfter: z.number().int(),
    supplyFeeRefundUntil: z.string().nullable(),
  }),
  /** `describeRefundPolicy`: the policy in plain words, one sentence per rule. */
  policySentences: z.array(z.string()),
  /** 'full' on or before `fullRefundUntil`, 'partial' after it. */
  window: z.enum(['full', 'partial']),
  /** The last day (ISO, inclusive) of the full refund. */
  fullRefundUntil: z.string(),
  /** Cents of registration the child's place is worth (the family's sibling discount recomputed). */
  registrationShare: z.number().int(),
  /** Cents of registration the policy gives back. */
  registrationRefund: z.number().int(),
  /** Cents of supply fee the policy gives back. */
  supplyFeeRefund: z.number().int(),
  /** registrationRefund + supplyFeeRefund, cents. */
  policyTotal: z.number().int(),
  /** Cents still refundable on the payment: paid − already refunded − refunds in progress (0 when unpaid). */
  refundableOnPayment: z.number().int(),
  /**
   * Brothers' and sisters' sibling discounts this child's place earned on the family's other payments and
   * that end with it (no other brother's or sister's place that earned them remains; decision 019): the
   * children who got the discount (first names), their session, and the discount in cents.
   */
  siblingDiscounts: z.array(
    z.object({ firstNames: z.array(z.string()), sessionName: z.string(), discount: z.number().int() }),
  ),
  /**
   * Cents taken from this refund for `siblingDiscounts`: their sum, never more than the refund before it (the
   * rest is not charged).
   */
  siblingDiscountKept: z.number().int(),
  /** The refund, cents: the smaller of `policyTotal` and `refundableOnPayment`, less `siblingDiscountKept`. */
  refund: z.number().int(),
  /** True when part of the payment was already given back, so the refund is less than the policy's. */
  capped: z.boolean(),
  refundMethod: z.enum(REFUND_METHODS),
  /**
   * A place on a payment plan (issue 23), or null: what was paid on it, what the refund policy keeps of it (as
   * of a family that paid in full, the plan's fee included) and what stays owed (kept − paid, on the plan's
   * dates; the other instalments are cancelled), cents. `refund` is then paid − kept when above 0.
   */
  plan: z.object({ paid: z.number().int(), kept: z.number().int(), owed: z.number().int() }).nullable(),
});
export type WithdrawalQuote = z.infer<typeof WithdrawalQuoteSchema>;

/**
 * `POST /api/ClassSessionEnrollment/{enrollmentId}/Withdraw` body: the refund (cents) the parent saw and
 * confirmed, and the dialog's idempotency key. A different refund today answers 409 and changes nothing.
 */
export const WithdrawRequestSchema = z.object({
  expectedRefund: z
    .number({ error: fieldMessage('fields.enrollment.sendRefundShown') })
    .int(fieldMessage('fields.enrollment.sendRefundWholeCents'))
    .min(0, fieldMessage('fields.enrollment.sendRefundShown'))
    .max(10_000_000, fieldMessage('fields.enrollment.refundLargerThanAnyPayment')),
  idempotencyKey: withdrawKey,
});
export type WithdrawRequest = z.infer<typeof WithdrawRequestSchema>;

/** Where the refund stands after a withdrawal: none due, on its way, made, or refused by the provider. */
export const WITHDRAW_REFUND_STATUSES = ['None', 'Pending', 'Succeeded', 'Failed'] as const;

/** The answer of a withdrawal: the refund (cents) and a sentence for the parent. */
export const WithdrawResultSchema = z.object({
  enrollmentId: z.string(),
  refund: z.number().int(),
  refundStatus: z.enum(WITHDRAW_REFUND_STATUSES),
  message: z.string(),
});
export type WithdrawResult = z.infer<typeof WithdrawResultSchema>;

/** The withdraw dialog's confirm button: "Withdraw Maya and refund $270.00" or "Withdraw Maya with no refund". */
export function withdrawButtonLabel(firstName: string, refundCents: number): string {
  return refundCents > 0
    ? `Withdraw ${firstName} and refund ${formatCents(refundCents)}`
    : `Withdraw ${firstName} with no refund`;
}
