/**
 * Enrollments, waitlists and money on the staff side (issue 10, "Enrollments, waitlists and money (Admin)"):
 * withdraw, move and enroll a child by hand, refund a payment in full or in part, act on a session's
 * waitlist, and the payments list with its totals and CSV. Every route is the director's (Admin).
 *
 * Units: money is integer cents in every body and answer (the pages take dollars and convert with
 * `dollarsToCents`); calendar dates are "YYYY-MM-DD" in the center's time zone; instants are ISO date-times.
 */
import { z } from 'zod';
import { ClassSessionIdParamsSchema } from './class-session.ts';
import { PAYMENT_STATUSES, type PaymentStatus } from './enrollment.ts';
import { WithdrawalQuoteSchema } from './family-money.ts';
import { fieldMessage } from './field-message.ts';
import { dateTimeFormat, formatCents } from './intl.ts';
import { OFFICE_METHODS, PlaceAccountSchema } from './ledger.ts';
import { dayFilter, listSortFields, pageNumber, pageSizeField } from './paging.ts';

const MAX_CENTS = 10_000_000; // $100,000.00: far above any session's price.

const childId = z.uuid({ error: fieldMessage('fields.money.chooseChildFromList') });

/** Why money goes back, a child leaves or a child moves: each reason field has its own message. */
const reasonText = (why: 'refundReason' | 'withdrawReason' | 'moveReason') =>
  z
    .string({ error: fieldMessage(`fields.money.${why}`) })
    .trim()
    .min(1, fieldMessage(`fields.money.${why}`))
    .max(500, fieldMessage('fields.money.keepUnder500Characters'));

/**
 * The idempotency key of a refund: the page makes one when the dialog opens, so a double click, a retry
 * after a lost answer or a second tab with the same dialog ends in one refund.
 */
export const IdempotencyKeySchema = z
  .string({ error: fieldMessage('fields.money.idempotencyKey') })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, fieldMessage('fields.money.idempotencyKey'));

const refundCents = z
  .number({ error: fieldMessage('fields.money.enterRefundAmount') })
  .int(fieldMessage('fields.money.enterAmountRefundWholeCents'))
  .min(1, fieldMessage('fields.money.refundAboveZero'))
  .max(MAX_CENTS, fieldMessage('fields.money.amountLargerThanAnyPayment'));

/** `POST /api/staff/payments/{paymentId}/refunds` body: cents to give back and why. */
export const RefundInputSchema = z.object({
  amount: refundCents,
  reason: reasonText('refundReason'),
  /** Or the `Idempotency-Key` header. */
  idempotencyKey: IdempotencyKeySchema.optional(),
});
export type RefundInput = z.infer<typeof RefundInputSchema>;

export const REFUND_STATUSES = ['Pending', 'Succeeded', 'Failed'] as const;

/** A refund as the API answers it. */
export const RefundSchema = z.object({
  id: z.string(),
  paymentId: z.string(),
  /** Cents. */
  amount: z.number().int(),
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  created: z.string(),
  /** The payment after this refund: cents given back so far, and its status. */
  paymentRefundedAmount: z.number().int(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
});
export type Refund = z.infer<typeof RefundSchema>;

/** The path of a payment's refunds: `/api/staff/payments/{paymentId}/refunds`. */
export const PaymentIdParamsSchema = z.object({ paymentId: z.string() });

/**
 * An optional message to the family, mailed as typed inside the withdrawal's mail (decision 018); empty: the
 * mail says only what happened.
 */
const familyMessage = z
  .string({ error: fieldMessage('fields.money.writeMessageFamilyText') })
  .trim()
  .max(1000, fieldMessage('fields.money.keepMessageFamilyUnder1000'));

/**
 * `POST /api/staff/sessions/{classSessionId}/withdraw` body. `reason` is the office's internal note: kept on
 * the enrollment and in the audit trail, never mailed (decision 018). `familyMessage`: what the family reads.
 * `refundAmount` in cents (0: no refund).
 */
export const WithdrawInputSchema = z.object({
  studentId: childId,
  reason: reasonText('withdrawReason'),
  familyMessage: familyMessage.optional(),
  refundAmount: z
    .number({ error: fieldMessage('fields.money.enterRefundOrZero') })
    .int(fieldMessage('fields.money.enterAmountRefundWholeCents'))
    .min(0, fieldMessage('fields.money.enter0More'))
    .max(MAX_CENTS, fieldMessage('fields.money.amountLargerThanAnyPayment'))
    .default(0),
  idempotencyKey: IdempotencyKeySchema.optional(),
});
export type WithdrawInput = z.input<typeof WithdrawInputSchema>;

/** What a withdrawal did: how many waiting families were offered the freed seat, and the refund's id (or null). */
export const StaffWithdrawResultSchema = z.object({
  offered: z.number().int(),
  refundId: z.string().nullable(),
});
export type StaffWithdrawResult = z.infer<typeof StaffWithdrawResultSchema>;

/** `POST /api/staff/sessions/{classSessionId}/withdraw/preview` body: the child and the message to the family. */
export const WithdrawPreviewInputSchema = z.object({
  studentId: childId,
  familyMessage: familyMessage.optional(),
});
export type WithdrawPreviewInput = z.infer<typeof WithdrawPreviewInputSchema>;

/** A mail exactly as it would be sent. */
export const MailPreviewSchema = z.object({ to: z.string(), subject: z.string(), text: z.string() });
export type MailPreview = z.infer<typeof MailPreviewSchema>;

/**
 * What withdrawing the child would do, before anything changes: the refund the session's policy gives today
 * (the parent's withdrawal quote; `quote.refund` cents, capped by what the payment still holds), and every
 * mail the family would get, one per parent, in each parent's language.
 */
export const WithdrawPreviewSchema = z.object({
  quote: WithdrawalQuoteSchema,
  mails: z.array(MailPreviewSchema),
});
export type WithdrawPreview = z.infer<typeof WithdrawPreviewSchema>;

/** `POST /api/staff/sessions/{classSessionId}/enrollments` body: a child enrolled by the office (e.g. paid by check). */
export const ManualEnrollInputSchema = z.object({
  studentId: childId,
  /** Cents received (0 for a free place). */
  amount: z
    .number({ error: fieldMessage('fields.money.enterAmountReceived') })
    .int(fieldMessage('fields.money.enterAmountWholeCents'))
    .min(0, fieldMessage('fields.money.enter0More'))
    .max(MAX_CENTS, fieldMessage('fields.money.amountLargerThanAnySession')),
  note: z
    .string({ error: fieldMessage('fields.money.addPaymentNote') })
    .trim()
    .min(1, fieldMessage('fields.money.addPaymentNote'))
    .max(200, fieldMessage('fields.money.keepNoteUnder200Characters')),
  /**
   * Cents the place is charged (issue 23): left out, the session's registration and supply fee less the
   * sibling discount the checkout would give; 0 for a free place (a scholarship, a staff child).
   */
  charge: z
    .number({ error: fieldMessage('fields.money.enterPlacePrice') })
    .int(fieldMessage('fields.money.enterAmountWholeCents'))
    .min(0, fieldMessage('fields.money.enter0More'))
    .max(MAX_CENTS, fieldMessage('fields.money.amountLargerThanAnySession'))
    .optional(),
  /** How the money came (issue 23; the ledger's `OFFICE_METHODS`); "other" when not said. */
  method: z
    .enum(['cash', 'check', 'subsidy', 'other'], { error: fieldMessage('fields.money.choosePaymentMethod') })
    .optional(),
  /**
   * Enroll a child outside the session's age limits anyway, and why (kept in the audit row; decision 018).
   * Without it such a child is refused (409) with the eligibility sentence on this field.
   */
  ageOverrideReason: z
    .string({ error: fieldMessage('fields.money.sayWhyChildMayJoin') })
    .trim()
    .min(1, fieldMessage('fields.money.sayWhyChildMayJoin'))
    .max(500, fieldMessage('fields.money.keepUnder500Characters'))
    .optional(),
});
export type ManualEnrollInput = z.infer<typeof ManualEnrollInputSchema>;

/** The enrollment and the offline payment the office recorded. */
export const ManualEnrollResultSchema = z.object({ enrollmentId: z.string(), paymentId: z.string() });

/** A session a child can move to (`GET /api/staff/sessions/{classSessionId}/move-targets?studentId=`). */
export const MoveTargetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sessionStartDate: z.string(),
  rosterSize: z.number().int(),
  seatsTaken: z.number().int(),
  /** Cents: the child's price there (sibling discount applied), and the family's balance there after the move (above 0 owed, below 0 a credit). */
  price: z.number().int(),
  balanceAfter: z.number().int(),
});
export type MoveTarget = z.infer<typeof MoveTargetSchema>;
export const MoveTargetListSchema = z.array(MoveTargetSchema);

export const MoveTargetsQuerySchema = z.object({ studentId: childId });

/** `POST /api/staff/sessions/{classSessionId}/move` body: from this session to `toClassSessionId`. */
export const MoveInputSchema = z.object({
  studentId: childId,
  toClassSessionId: z
    .number({ error: fieldMessage('fields.money.chooseSessionMove') })
    .int(fieldMessage('fields.money.chooseSessionMove'))
    .positive(fieldMessage('fields.money.chooseSessionMove'))
    .max(2_147_483_647, fieldMessage('fields.money.chooseSessionMove')),
  reason: reasonText('moveReason'),
});
export type MoveInput = z.infer<typeof MoveInputSchema>;

/** The child's new enrollment in the session they moved to. */
export const MoveResultSchema = z.object({ enrollmentId: z.string() });

/**
 * What the director can do with a waitlist place: offer the free seat now; skip (the child keeps waiting at
 * the end of the line, and a seat they were offered goes to the next family); remove (the place ends and
 * the family is told).
 */
export const WAITLIST_ACTIONS = ['offer', 'skip', 'remove'] as const;
export type WaitlistAction = (typeof WAITLIST_ACTIONS)[number];
export const WaitlistActionInputSchema = z.object({
  action: z.enum(WAITLIST_ACTIONS, { error: fieldMessage('fields.money.chooseOfferSkipRemove') }),
});

/** A waitlist place: `/api/staff/sessions/{classSessionId}/waitlist/{studentId}`. */
export const WaitlistPlaceParamsSchema = ClassSessionIdParamsSchema.extend({ studentId: z.string() });

/** An enrolled child's money in a session (`GET /api/staff/sessions/{classSessionId}/enrollments`). */
export const StaffEnrollmentSchema = z.object({
  enrollmentId: z.string(),
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  paymentId: z.string().nullable(),
  provider: z.string().nullable(),
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
  /** Cents paid, given back so far, and still refundable (paid − refunded − refunds in progress). */
  finalAmount: z.number().int(),
  refundedAmount: z.number().int(),
  refundable: z.number().int(),
  /** The place's account on the ledger (issue 23): what it was charged and paid, the balance and its status. */
  account: PlaceAccountSchema.pick({
    charged: true,
    paid: true,
    refunded: true,
    balance: true,
    status: true,
    dueOn: true,
    nextAmount: true,
    overdue: true,
  }),
});
export type StaffEnrollment = z.infer<typeof StaffEnrollmentSchema>;
export const StaffEnrollmentListSchema = z.array(StaffEnrollmentSchema);

/** A child the office can enroll by hand (`GET /api/staff/children?q=`). */
export const StaffChildMatchSchema = z.object({
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  parents: z.array(z.object({ name: z.string(), emailAddress: z.string() })),
});
export type StaffChildMatch = z.infer<typeof StaffChildMatchSchema>;
export const StaffChildMatchListSchema = z.array(StaffChildMatchSchema);

export const StaffChildSearchQuerySchema = z.object({
  q: z
    .string({ error: fieldMessage('fields.money.typeAtLeast2Letters') })
    .trim()
    .min(2, fieldMessage('fields.money.typeAtLeast2Letters'))
    .max(100, fieldMessage('fields.money.searchAtMost100Characters')),
});

/**
 * The payments table's sortable columns (decision 030): the day it was made, the family (last name, first
 * name), the session's name, the amount, what was refunded, and the status (by its label, A to Z). Ties fall
 * back to newest first, then the payment's id, so a page never repeats or skips a row.
 */
export const PAYMENT_SORTS = ['date', 'family', 'session', 'amount', 'refunded', 'status'] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number];

/**
 * `GET /api/staff/payments` (and `.csv`) query: the filters, the order (`sort`, `dir`; newest first by
 * default) and the page. The page keeps it in its URL; the CSV has the rows in the same order.
 */
export const StaffPaymentListQuerySchema = z
  .object({
    status: z
      .enum(PAYMENT_STATUSES, { error: fieldMessage('fields.money.choosePaymentStatusFromList') })
      .optional(),
    classSessionId: z.coerce
      .number({ error: fieldMessage('fields.money.chooseSessionFromList') })
      .int(fieldMessage('fields.money.chooseSessionFromList'))
      .positive(fieldMessage('fields.money.chooseSessionFromList'))
      .max(2_147_483_647, fieldMessage('fields.money.chooseSessionFromList'))
      .optional(),
    /** First and last calendar day (center's time zone), both included. */
    from: dayFilter.optional(),
    to: dayFilter.optional(),
    page: pageNumber.default(1),
    pageSize: pageSizeField('payments', 25),
    ...listSortFields(PAYMENT_SORTS, 'date', 'desc'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ['to'],
    message: fieldMessage('fields.money.endDateMustAfterStart'),
  });
export type StaffPaymentListQuery = z.output<typeof StaffPaymentListQuerySchema>;

/** One payment in the staff list. */
export const StaffPaymentRowSchema = z.object({
  id: z.string(),
  created: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** 'stripe', 'test', 'offline' (recorded by the office) or 'free'. */
  provider: z.string(),
  note: z.string().nullable(),
  familyName: z.string(),
  emailAddress: z.string().nullable(),
  classSessionId: z.number().int().nullable(),
  sessionName: z.string().nullable(),
  children: z.array(z.string()),
  /** Cents. */
  finalAmount: z.number().int(),
  refundedAmount: z.number().int(),
  /** Cents still refundable (paid − refunded − refunds in progress); 0 unless Paid. */
  refundable: z.number().int(),
});
export type StaffPaymentRow = z.infer<typeof StaffPaymentRowSchema>;

/** Totals over every payment the filters match (not only this page), in cents. */
export const PaymentTotalsSchema = z.object({
  /** Received: payments that were paid (including those refunded since). */
  paid: z.number().int(),
  refunded: z.number().int(),
  /** paid − refunded. */
  net: z.number().int(),
});
export type PaymentTotals = z.infer<typeof PaymentTotalsSchema>;

export const StaffPaymentListSchema = z.object({
  items: z.array(StaffPaymentRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totals: PaymentTotalsSchema,
});
export type StaffPaymentList = z.infer<typeof StaffPaymentListSchema>;

/** The payments table's columns, in order; the CSV export has the same ones. */
export const PAYMENT_CSV_COLUMNS = [
  'Date',
  'Family',
  'Email',
  'Session',
  'Children',
  'Status',
  'Method',
  'Amount',
  'Refunded',
  'Note',
] as const;

const methodLabels: Record<string, string> = {
  stripe: 'Card',
  test: 'Test checkout',
  offline: 'Offline',
  free: 'Free',
};

/** "Card", "Offline", … for a payment's provider. */
export const paymentMethodLabel = (provider: string) => methodLabels[provider] ?? provider;

const statusLabels: Record<PaymentStatus, string> = {
  Pending: 'Pending',
  Paid: 'Paid',
  Failed: 'Failed',
  Expired: 'Expired',
  Refunded: 'Refunded',
  RefundDue: 'Refund due',
};
export const paymentStatusLabel = (status: PaymentStatus) => statusLabels[status];

/**
 * The payments table's cells, one row per payment, in `PAYMENT_CSV_COLUMNS` order. The page and the CSV
 * export both use it, so the file is exactly the screen. Dates in the center's `timeZone`.
 */
export function paymentTableRows(items: StaffPaymentRow[], timeZone: string): string[][] {
  const day = dateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone });
  return items.map((p) => [
    day.format(new Date(p.created)),
    p.familyName,
    p.emailAddress ?? '',
    p.sessionName ?? '',
    p.children.join('; '),
    paymentStatusLabel(p.status),
    paymentMethodLabel(p.provider),
    formatCents(p.finalAmount),
    p.refundedAmount > 0 ? formatCents(p.refundedAmount) : '',
    p.note ?? '',
  ]);
}

/**
 * Dollars as typed in a form ("1,260", "$25.5", "25.00") to integer cents, or null when it is not an
 * amount of money with at most two decimals.
 */
export function dollarsToCents(input: string): number | null {
  const plain = input.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(plain)) return null;
  const [whole, fraction = ''] = plain.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as a form shows them for editing: 2550 → "25.50". */
export const centsToDollarsInput = (cents: number) => (cents / 100).toFixed(2);

/**
 * `POST /api/staff/sessions/{classSessionId}/enrollments/{studentId}/payments` body: money the office
 * received for a child's place (cash, a check, an agency's subsidy), in cents, with a reference.
 */
export const OfficePaymentInputSchema = z.object({
  amount: z
    .number({ error: fieldMessage('fields.money.enterPaymentReceived') })
    .int(fieldMessage('fields.money.enterAmountWholeCents'))
    .min(1, fieldMessage('fields.money.paymentAboveZero'))
    .max(MAX_CENTS, fieldMessage('fields.money.amountLargerThanAnySession')),
  method: z.enum(OFFICE_METHODS, { error: fieldMessage('fields.money.choosePaymentMethod') }),
  reference: z
    .string({ error: fieldMessage('fields.money.addPaymentNote') })
    .trim()
    .max(200, fieldMessage('fields.money.keepNoteUnder200Characters'))
    .optional(),
  /** Or the `Idempotency-Key` header: the dialog makes one when it opens. */
  idempotencyKey: IdempotencyKeySchema.optional(),
});
export type OfficePaymentInput = z.infer<typeof OfficePaymentInputSchema>;

/** What recording an office payment answers: the payment and the place's account after it. */
export const OfficePaymentResultSchema = z.object({ paymentId: z.string(), place: PlaceAccountSchema });
export type OfficePaymentResult = z.infer<typeof OfficePaymentResultSchema>;

/** What the director can post on a place by hand (issue 23): an extra charge, a late fee, a credit, a write-off. */
export const ADJUSTMENT_KINDS = ['charge', 'late_fee', 'credit', 'write_off'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

/**
 * `POST /api/staff/sessions/{classSessionId}/enrollments/{studentId}/adjustments` body: cents, the kind and
 * why (kept on the entry, shown on the family's statement).
 */
export const AdjustmentInputSchema = z.object({
  kind: z.enum(ADJUSTMENT_KINDS, { error: fieldMessage('fields.money.chooseAdjustmentKind') }),
  amount: z
    .number({ error: fieldMessage('fields.money.enterAdjustmentAmount') })
    .int(fieldMessage('fields.money.enterAmountWholeCents'))
    .min(1, fieldMessage('fields.money.paymentAboveZero'))
    .max(MAX_CENTS, fieldMessage('fields.money.amountLargerThanAnySession')),
  reason: z
    .string({ error: fieldMessage('fields.money.adjustmentReason') })
    .trim()
    .min(1, fieldMessage('fields.money.adjustmentReason'))
    .max(200, fieldMessage('fields.money.keepNoteUnder200Characters')),
  /** Or the `Idempotency-Key` header: the dialog makes one when it opens. */
  idempotencyKey: IdempotencyKeySchema.optional(),
});
export type AdjustmentInput = z.infer<typeof AdjustmentInputSchema>;

/** What an adjustment answers: the place's account after it. */
export const AdjustmentResultSchema = z.object({ place: PlaceAccountSchema });
export type AdjustmentResult = z.infer<typeof AdjustmentResultSchema>;

/**
 * One parent account that owes money (`GET /api/staff/balances`, issue 23): what is due, by how long past its
 * due date (each place counts from its earliest charge's due date, in the center's time zone): not yet due or
 * due today, 1–30 days, 31–60 days, over 60 days. Cents.
 */
export const AgingRowSchema = z.object({
  userId: z.string(),
  familyName: z.string(),
  emailAddress: z.string().nullable(),
  children: z.array(z.string()),
  current: z.number().int(),
  days1to30: z.number().int(),
  days31to60: z.number().int(),
  over60: z.number().int(),
  total: z.number().int(),
});
export type AgingRow = z.infer<typeof AgingRowSchema>;

/**
 * The aging report's sortable columns (decision 030): the family (last name, first name), then each bucket
 * of what is owed and the total due (`AgingRow`'s fields). Ties fall back to the family's name, then its id.
 */
export const AGING_SORTS = ['family', 'current', 'days1to30', 'days31to60', 'over60', 'total'] as const;
export type AgingSort = (typeof AGING_SORTS)[number];

/**
 * `GET /api/staff/balances` query: one page of families in `sort` order (most owed first by default); the
 * page keeps it in its URL.
 */
export const AgingQuerySchema = z.object({
  page: pageNumber.default(1),
  pageSize: pageSizeField('families', 50),
  ...listSortFields(AGING_SORTS, 'total', 'desc'),
});
export type AgingQuery = z.output<typeof AgingQuerySchema>;

/**
 * The aging report: one page of the families that owe, in the query's order; `total` families in all; the totals
 * over all of them; and the day it was read for.
 */
export const AgingReportSchema = z.object({
  asOf: z.string(),
  rows: z.array(AgingRowSchema),
  totals: AgingRowSchema.pick({
    current: true,
    days1to30: true,
    days31to60: true,
    over60: true,
    total: true,
  }),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AgingReport = z.infer<typeof AgingReportSchema>;

/** The aging report's table and CSV columns (the file is exactly the screen). */
export const AGING_CSV_COLUMNS = [
  'Family',
  'Email',
  'Children',
  'Current',
  '1–30 days',
  '31–60 days',
  'Over 60 days',
  'Total due',
] as const;

/** The aging report's cells, one row per family, then the totals row; money as "$1,234.50". */
export function agingTableRows(report: AgingReport): string[][] {
  const money = (cents: number) => formatCents(cents);
  return [
    ...report.rows.map((r) => [
      r.familyName,
      r.emailAddress ?? '',
      r.children.join('; '),
      money(r.current),
      money(r.days1to30),
      money(r.days31to60),
      money(r.over60),
      money(r.total),
    ]),
    [
      'Total',
      '',
      '',
      money(report.totals.current),
      money(report.totals.days1to30),
      money(report.totals.days31to60),
      money(report.totals.over60),
      money(report.totals.total),
    ],
  ];
}

/**
 * `GET /api/staff/revenue` query (issue 23, the director's): the calendar year to report, in the center's
 * time zone; the current year when left out.
 */
export const RevenueQuerySchema = z.object({
  year: z.coerce
    .number({ error: fieldMessage('fields.money.chooseYear') })
    .int(fieldMessage('fields.money.chooseYear'))
    .min(2000, fieldMessage('fields.money.chooseYear'))
    .max(2100, fieldMessage('fields.money.chooseYear'))
    .optional(),
});
export type RevenueQuery = z.output<typeof RevenueQuerySchema>;

/**
 * One month of the family account, in cents (issue 23, "revenue by month that agrees with the ledger"):
 * - `charged`: what fell due that month (charges, plan fees and late fees by their due date, less the
 *   discounts dated with them), less the credits, write-offs and undated discounts posted that month;
 * - `received`: the payments posted that month (card, bank debit and the office's);
 * - `refunded`: the money given back that month;
 * - `outstanding`: what the families owed at the month's end, all earlier months included.
 */
export const RevenueMonthSchema = z.object({
  /** "YYYY-MM". */
  month: z.string(),
  charged: z.number().int(),
  received: z.number().int(),
  refunded: z.number().int(),
  outstanding: z.number().int(),
});
export type RevenueMonth = z.infer<typeof RevenueMonthSchema>;

/** The year by month: twelve months, the year's totals, and what was owed when it began and ended. */
export const RevenueReportSchema = z.object({
  year: z.number().int(),
  /** Years with any entry, newest first (the page's choices). */
  years: z.array(z.number().int()),
  months: z.array(RevenueMonthSchema),
  totals: RevenueMonthSchema.pick({ charged: true, received: true, refunded: true }),
  /** Owed at the start of the year (the end of the year before), cents. */
  opening: z.number().int(),
  /** Owed at the end of the year: opening + charged − received + refunded, cents. */
  closing: z.number().int(),
});
export type RevenueReport = z.infer<typeof RevenueReportSchema>;

/** The revenue report's table and CSV columns (the file is exactly the screen). */
export const REVENUE_CSV_COLUMNS = ['Month', 'Charged', 'Received', 'Refunded', 'Owed at month end'] as const;

/** The month as people say it: "January 2027". */
export const monthName = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The revenue report's cells: one row per month, then the year's totals; money as "$1,234.50". */
export function revenueTableRows(report: RevenueReport): string[][] {
  const money = (cents: number) => formatCents(cents);
  return [
    ...report.months.map((m) => [
      monthName(m.month),
      money(m.charged),
      money(m.received),
      money(m.refunded),
      money(m.outstanding),
    ]),
    [
      `Total ${report.year}`,
      money(report.totals.charged),
      money(report.totals.received),
      money(report.totals.refunded),
      money(report.closing),
    ],
  ];
}
