/**
 * The enrollment endpoints of the API table (contract/src/endpoint.ts; docs/architecture.md, "API conventions"):
 * `/api/ClassSessionEnrollment/*` and `/api/Billing/*` (spec §7 Enrollment, Billing; issue 5), and a parent's
 * withdrawal of their own child (issue 13). Money is integer cents.
 */
import {
  AutopaySettingSchema,
  AutopaySetupSchema,
  AutopayStatusSchema,
  SetupCheckoutParamsSchema,
  StatementIndexSchema,
  StatementMonthParamsSchema,
  StatementYearParamsSchema,
} from '../autopay.ts';
import { SplitRuleSchema, SplitViewSchema } from '../billing-split.ts';
import { ClassSessionIdParamsSchema } from '../class-session.ts';
import { endpoint } from '../endpoint.ts';
import {
  CheckoutIdParamsSchema,
  ClassSessionEnrollmentSchema,
  ConfirmationQuerySchema,
  EligibilityQuerySchema,
  EligibilitySentenceSchema,
  EnrollmentListSchema,
  EnrollmentRequestSchema,
  PaymentListSchema,
  PaymentSchema,
  SessionStudentsSchema,
  WaitlistPlacesSchema,
  WebhookReceiptSchema,
} from '../enrollment.ts';
import {
  EnrollmentIdParamsSchema,
  WithdrawalQuoteSchema,
  WithdrawRequestSchema,
  WithdrawResultSchema,
} from '../family-money.ts';
import { FamilyAccountSchema, PayBalanceInputSchema, PayBalanceResultSchema } from '../ledger.ts';

export const enrollmentApi = {
  /** The signed-in family's enrollments, newest session first. */
  enrollments: endpoint({
    method: 'GET',
    path: '/api/ClassSessionEnrollment',
    status: 200,
    reply: EnrollmentListSchema,
  }),
  /**
   * Hold seats and start the card checkout: 201 with the Payment whose `checkoutUrl` the browser opens (200
   * with the same Payment when the same children's checkout is still open).
   */
  startCheckout: endpoint({
    method: 'POST',
    path: '/api/ClassSessionEnrollment',
    body: EnrollmentRequestSchema,
    status: 201,
    reply: PaymentSchema,
  }),
  /** The signed-in family's waitlist places, offered ones first. */
  waitlist: endpoint({
    method: 'GET',
    path: '/api/ClassSessionEnrollment/Waitlist',
    status: 200,
    reply: WaitlistPlacesSchema,
  }),
  /** Settle a checkout and answer its payment (the checkout's return page; works signed out). */
  confirmation: endpoint({
    method: 'GET',
    path: '/api/ClassSessionEnrollment/Confirmation/:checkoutId',
    params: CheckoutIdParamsSchema,
    query: ConfirmationQuerySchema,
    status: 200,
    reply: PaymentSchema,
  }),
  /** The family's children for one session, with what each may do. */
  sessionStudents: endpoint({
    method: 'GET',
    path: '/api/ClassSessionEnrollment/:classSessionId',
    params: ClassSessionIdParamsSchema,
    status: 200,
    reply: SessionStudentsSchema,
  }),
  /** Whether the family (or one child) may enroll now, as a sentence (plain text). */
  verifyEligibility: endpoint({
    method: 'GET',
    path: '/api/ClassSessionEnrollment/:classSessionId/VerifyEligibility',
    params: ClassSessionIdParamsSchema,
    query: EligibilityQuerySchema,
    status: 200,
    reply: EligibilitySentenceSchema,
  }),
  /** Enroll in a session that has nothing to pay: the first enrollment, every child in `students`. */
  enrollFree: endpoint({
    method: 'POST',
    path: '/api/ClassSessionEnrollment/:classSessionId',
    params: ClassSessionIdParamsSchema,
    body: EnrollmentRequestSchema,
    status: 201,
    reply: ClassSessionEnrollmentSchema,
  }),
  /** Join a full session's waitlist: each new place with its position. */
  joinWaitlist: endpoint({
    method: 'POST',
    path: '/api/ClassSessionEnrollment/JoinWaitlist/:classSessionId',
    params: ClassSessionIdParamsSchema,
    body: EnrollmentRequestSchema,
    status: 201,
    reply: WaitlistPlacesSchema,
  }),
  /**
   * Retired: always answers 410 Gone with a sentence pointing to `joinWaitlist` (the server documents no
   * success reply for it).
   */
  joinWaitlistOld: endpoint({
    method: 'POST',
    path: '/api/ClassSessionEnrollment/JoinWaitlistOld/:classSessionId',
    params: ClassSessionIdParamsSchema,
    status: 204,
    reply: 'empty',
  }),
  /** The signed-in family's payments, newest first. */
  payments: endpoint({ method: 'GET', path: '/api/Billing', status: 200, reply: PaymentListSchema }),
  /** The signed-in family's account (issue 23): balance, each place's status, the statement's entries. */
  account: endpoint({ method: 'GET', path: '/api/Billing/Account', status: 200, reply: FamilyAccountSchema }),
  /** Pay any amount up to the family's balance: 201 with the checkout to go to (issue 23). */
  payBalance: endpoint({
    method: 'POST',
    path: '/api/Billing/Pay',
    body: PayBalanceInputSchema,
    status: 201,
    reply: PayBalanceResultSchema,
  }),
  /** The caller's saved card or bank account, the instalments to come, the latest automatic payments (issue 23). */
  autopay: endpoint({ method: 'GET', path: '/api/Billing/Autopay', status: 200, reply: AutopayStatusSchema }),
  /** Turn automatic payments on or off for the caller's saved method; 404 when they saved none. */
  setAutopay: endpoint({
    method: 'PUT',
    path: '/api/Billing/Autopay',
    body: AutopaySettingSchema,
    status: 200,
    reply: AutopayStatusSchema,
  }),
  /** Remove the caller's saved method (nothing more is charged to it); 404 when they saved none. */
  removeMethod: endpoint({
    method: 'DELETE',
    path: '/api/Billing/Autopay',
    status: 200,
    reply: AutopayStatusSchema,
  }),
  /** Open a checkout that saves a new card or bank account: 201 with where to send the browser. */
  startSetup: endpoint({
    method: 'POST',
    path: '/api/Billing/Autopay/Setup',
    status: 201,
    reply: AutopaySetupSchema,
  }),
  /** Settle a setup checkout the caller returned from (Billing's `?method=`), then answer the status. */
  finishSetup: endpoint({
    method: 'POST',
    path: '/api/Billing/Autopay/Setup/:checkoutId',
    params: SetupCheckoutParamsSchema,
    status: 200,
    reply: AutopayStatusSchema,
  }),
  /** How the family's two parents share the bills: in force, proposed, and each parent's share (issue 23). */
  split: endpoint({ method: 'GET', path: '/api/Billing/Split', status: 200, reply: SplitViewSchema }),
  /** Propose a way to share the bills (or to stop) to the other parent: 201 with the view. */
  proposeSplit: endpoint({
    method: 'POST',
    path: '/api/Billing/Split',
    body: SplitRuleSchema,
    status: 201,
    reply: SplitViewSchema,
  }),
  /** Accept the other parent's proposal: it takes effect today. */
  acceptSplit: endpoint({
    method: 'POST',
    path: '/api/Billing/Split/Accept',
    status: 200,
    reply: SplitViewSchema,
  }),
  /** Decline the other parent's proposal, or withdraw one's own. */
  declineSplit: endpoint({
    method: 'POST',
    path: '/api/Billing/Split/Decline',
    status: 200,
    reply: SplitViewSchema,
  }),
  /** The months and years the family's statements can be downloaded for (issue 23). */
  statements: endpoint({
    method: 'GET',
    path: '/api/Billing/Statements',
    status: 200,
    reply: StatementIndexSchema,
  }),
  /** The family's statement for a month, as a PDF in the caller's language. */
  monthlyStatement: endpoint({
    method: 'GET',
    path: '/api/Billing/Statements/:month',
    params: StatementMonthParamsSchema,
    status: 200,
    reply: 'file',
  }),
  /** The caller's year-end childcare statement (IRS Form 2441's provider facts), as a PDF. */
  yearEndStatement: endpoint({
    method: 'GET',
    path: '/api/Billing/YearEnd/:year',
    params: StatementYearParamsSchema,
    status: 200,
    reply: 'file',
  }),
  /** The signed Stripe webhook (public; its raw body is a Stripe event, checked by its signature). */
  stripeWebhook: endpoint({
    method: 'POST',
    path: '/api/Billing/StripeWebhook',
    status: 200,
    reply: WebhookReceiptSchema,
  }),
  /** The refund withdrawing this child today gives (issue 13). */
  withdrawalQuote: endpoint({
    method: 'GET',
    path: '/api/ClassSessionEnrollment/:enrollmentId/Withdrawal',
    params: EnrollmentIdParamsSchema,
    status: 200,
    reply: WithdrawalQuoteSchema,
  }),
  /** Withdraw the caller's child with the refund the parent confirmed (`expectedRefund`). */
  withdraw: endpoint({
    method: 'POST',
    path: '/api/ClassSessionEnrollment/:enrollmentId/Withdraw',
    params: EnrollmentIdParamsSchema,
    body: WithdrawRequestSchema,
    status: 200,
    reply: WithdrawResultSchema,
  }),
} as const;
