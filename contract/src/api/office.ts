/**
 * The office endpoints of the API table (contract/src/endpoint.ts; docs/architecture.md, "API conventions"):
 * the director's changes to children's places on a roster (issue 10, "Enrollments, waitlists and money":
 * a session's enrolled children with their money, withdraw with its preview, move, enroll by hand, the
 * waitlist's actions, the child search) and the payments with their CSV and refunds. Every one is the
 * director's (Admin); money is cents. Shapes: contract/src/staff-money.ts.
 */
import { FailedPaymentListSchema } from '../autopay.ts';
import { ClassSessionIdParamsSchema } from '../class-session.ts';
import { endpoint } from '../endpoint.ts';
import {
  BulkMoveInputSchema,
  BulkMovePreviewInputSchema,
  BulkMovePreviewSchema,
  BulkMoveResultSchema,
} from '../staff-bulk-move.ts';
import {
  BulkWithdrawInputSchema,
  BulkWithdrawPreviewInputSchema,
  BulkWithdrawPreviewSchema,
  BulkWithdrawResultSchema,
} from '../staff-bulk-withdraw.ts';
import {
  AdjustmentInputSchema,
  AdjustmentResultSchema,
  AgingQuerySchema,
  AgingReportSchema,
  ManualEnrollInputSchema,
  ManualEnrollResultSchema,
  MoveInputSchema,
  MoveResultSchema,
  MoveTargetListSchema,
  MoveTargetsQuerySchema,
  OfficePaymentInputSchema,
  OfficePaymentResultSchema,
  PaymentIdParamsSchema,
  RefundInputSchema,
  RefundSchema,
  RevenueQuerySchema,
  RevenueReportSchema,
  StaffChildMatchListSchema,
  StaffChildSearchQuerySchema,
  StaffEnrollmentListSchema,
  StaffPaymentListQuerySchema,
  StaffPaymentListSchema,
  StaffWithdrawResultSchema,
  WaitlistActionInputSchema,
  WaitlistPlaceParamsSchema,
  WithdrawInputSchema,
  WithdrawPreviewInputSchema,
  WithdrawPreviewSchema,
} from '../staff-money.ts';

export const officeApi = {
  /** Payments, newest first or by `sort`/`dir`, one page with the totals of everything the filters match. */
  payments: endpoint({
    method: 'GET',
    path: '/api/staff/payments',
    query: StaffPaymentListQuerySchema,
    status: 200,
    reply: StaffPaymentListSchema,
  }),
  /** The same filters and order, every matching row, as a CSV file. */
  paymentsCsv: endpoint({
    method: 'GET',
    path: '/api/staff/payments.csv',
    query: StaffPaymentListQuerySchema,
    status: 200,
    reply: 'file',
  }),
  /**
   * Refund a payment in full or in part: 201 a new refund; the same idempotency key answers the same refund
   * (200).
   */
  refund: endpoint({
    method: 'POST',
    path: '/api/staff/payments/:paymentId/refunds',
    params: PaymentIdParamsSchema,
    body: RefundInputSchema,
    status: 201,
    reply: RefundSchema,
  }),
  /** The aging report: every family that owes, by how long it has been due (issue 23), by `sort`/`dir`. */
  balances: endpoint({
    method: 'GET',
    path: '/api/staff/balances',
    query: AgingQuerySchema,
    status: 200,
    reply: AgingReportSchema,
  }),
  /** The same report as a CSV file: the table's columns and cells, the totals last. */
  balancesCsv: endpoint({
    method: 'GET',
    path: '/api/staff/balances.csv',
    status: 200,
    reply: 'file',
  }),
  /** Automatic payments that failed or wait for the family, on instalments still owing (issue 23). */
  failedPayments: endpoint({
    method: 'GET',
    path: '/api/staff/failed-payments',
    status: 200,
    reply: FailedPaymentListSchema,
  }),
  /** Revenue by month: what was charged, received and refunded, and what was owed, in a year (issue 23). */
  revenue: endpoint({
    method: 'GET',
    path: '/api/staff/revenue',
    query: RevenueQuerySchema,
    status: 200,
    reply: RevenueReportSchema,
  }),
  /** The same year as a CSV file: the table's columns and cells, the year's totals last. */
  revenueCsv: endpoint({
    method: 'GET',
    path: '/api/staff/revenue.csv',
    query: RevenueQuerySchema,
    status: 200,
    reply: 'file',
  }),
  /** A session's enrolled children with what each paid, got back and may still get back. */
  enrollments: endpoint({
    method: 'GET',
    path: '/api/staff/sessions/:classSessionId/enrollments',
    params: ClassSessionIdParamsSchema,
    status: 200,
    reply: StaffEnrollmentListSchema,
  }),
  /**
   * Record money the office received for a child's place (cash, a check, a subsidy): 201 a new payment; the
   * same idempotency key answers the same payment (200).
   */
  recordPayment: endpoint({
    method: 'POST',
    path: '/api/staff/sessions/:classSessionId/enrollments/:studentId/payments',
    params: WaitlistPlaceParamsSchema,
    body: OfficePaymentInputSchema,
    status: 201,
    reply: OfficePaymentResultSchema,
  }),
  /**
   * Post a charge, a late fee, a credit or a write-off on a child's place: 201 a new entry; the same
   * idempotency key answers the same entry (200).
   */
  adjust: endpoint({
    method: 'POST',
    path: '/api/staff/sessions/:classSessionId/enrollments/:studentId/adjustments',
    params: WaitlistPlaceParamsSchema,
    body: AdjustmentInputSchema,
    status: 201,
    reply: AdjustmentResultSchema,
  }),
  /** Withdraw a child, optionally refunding. */
  withdraw: endpoint({
    method: 'POST',
    path: '/api/staff/sessions/:classSessionId/withdraw',
    params: ClassSessionIdParamsSchema,
    body: WithdrawInputSchema,
    status: 200,
    reply: StaffWithdrawResultSchema,
  }),
  /** What withdrawing a child would refund and mail, changing nothing. */
  withdrawPreview: endpoint({
    method: 'POST',
    path: '/api/staff/sessions/:classSessionId/withdraw/preview',
    params: ClassSessionIdParamsSchema,
    body: WithdrawPreviewInputSchema,
    status: 200,
    reply: WithdrawPreviewSchema,
  }),
  /** The sessions an enrolled child can move to. */
  moveTargets: endpoint({
    method: 'GET',
    path: '/api/staff/sessions/:classSessionId/move-targets',
    params: ClassSessionIdParamsSchema,
    query: MoveTargetsQuerySchema,
    status: 200,
    reply: MoveTargetListSchema,
  }),
  /** Move a child to another session. */
  move: endpoint({
    method: 'POST',
    path: '/api/staff/sessions/:classSessionId/move',
    params: ClassSessionIdParamsSchema,
    body: MoveInputSchema,
    status: 200,
    reply: MoveResultSchema,
  }),
  /** What moving several children to another session would do, child by child, changing nothing (issue 24). */
  bulkMovePreview: endpoint({
    method: 'POST',
    path: '/api/staff/sessions/:classSessionId/bulk-move/preview',
    params: ClassSessionIdParamsSchema,
    body: BulkMovePreviewInputSchema,
    status: 200,
    reply: BulkMovePreviewSchema,
  }),
  /** Move several children to another session in one transaction: all of them or none (issue 24). */
  bulkMove: endpoint({
    method: 'POST',
    path: '/api/staff/sessions/:classSessionId/bulk-move',
    params: ClassSessionIdParamsSchema,
    body: BulkMoveInputSchema,
    status: 200,
    reply: BulkMoveResultSchema,
  }),
  /** Each chosen child's refund by the session's policy today, changing nothing (issue 24). */
  bulkWithdrawPreview: endpoint({
    method: 'POST',
    path: '/api/staff/sessions/:classSessionId/bulk-withdraw/preview',
    params: ClassSessionIdParamsSchema,
    body: BulkWithdrawPreviewInputSchema,
    status: 200,
    reply: BulkWithdrawPreviewSchema,
  }),
  /** Withdraw several children, each refunded by the policy as the single withdrawal would (issue 24). */
  bulkWithdraw: endpoint({
    method: 'POST',
    path: '/api/staff/sessions/:classSessionId/bulk-withdraw',
    params: ClassSessionIdParamsSchema,
    body: BulkWithdrawInputSchema,
    status: 200,
    reply: BulkWithdrawResultSchema,
  }),
  /** Enroll a child by hand (e.g. paid by check): 201 with the enrollment and the offline payment. */
  enrollByHand: endpoint({
    method: 'POST',
    path: '/api/staff/sessions/:classSessionId/enrollments',
    params: ClassSessionIdParamsSchema,
    body: ManualEnrollInputSchema,
    status: 201,
    reply: ManualEnrollResultSchema,
  }),
  /** Offer a seat now, skip, or remove a waitlist place. */
  waitlistAction: endpoint({
    method: 'POST',
    path: '/api/staff/sessions/:classSessionId/waitlist/:studentId',
    params: WaitlistPlaceParamsSchema,
    body: WaitlistActionInputSchema,
    status: 204,
    reply: 'empty',
  }),
  /** Find a child to enroll by hand, by their or a parent's name or email. */
  children: endpoint({
    method: 'GET',
    path: '/api/staff/children',
    query: StaffChildSearchQuerySchema,
    status: 200,
    reply: StaffChildMatchListSchema,
  }),
} as const;
