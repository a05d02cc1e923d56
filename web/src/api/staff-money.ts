/** Staff calls for enrollments, waitlists and money (issue 10, director only). Shapes: contract `staff-money.ts`; cents. */
import {
  type AdjustmentInput,
  type AdjustmentResult,
  type AgingQuery,
  type AgingReport,
  type FailedPaymentList,
  type ManualEnrollInput,
  type MoveInput,
  type MoveTarget,
  type OfficePaymentInput,
  type OfficePaymentResult,
  officeApi,
  type Refund,
  type RevenueReport,
  type StaffChildMatch,
  type StaffEnrollment,
  type StaffPaymentList,
  type StaffPaymentListQuery,
  type StaffWithdrawResult,
  type WaitlistAction,
  type WithdrawInput,
  type WithdrawPreview,
  type WithdrawPreviewInput,
} from '@lc/contract';
import { callApi } from './call.ts';

type ListQuery = Partial<StaffPaymentListQuery>;

/** GET /api/staff/payments — one page with the totals of everything the filters match. */
export function getStaffPayments(query: ListQuery, signal?: AbortSignal): Promise<StaffPaymentList> {
  return callApi(officeApi.payments, { query, signal });
}

/** GET /api/staff/payments.csv — the same filters (empty ones left out), every matching row, as a file to save. */
export function downloadPaymentsCsv(query: ListQuery) {
  const { page: _page, pageSize: _size, ...filters } = query;
  return callApi(officeApi.paymentsCsv, {
    query: { ...filters, from: filters.from || undefined, to: filters.to || undefined },
  });
}

/** POST /api/staff/payments/{id}/refunds — `idempotencyKey` is made once per dialog, so a double click is one refund. */
export function refundPayment(
  paymentId: string,
  body: { amount: number; reason: string; idempotencyKey: string },
): Promise<Refund> {
  return callApi(officeApi.refund, { params: { paymentId }, body });
}

/**
 * POST /api/staff/sessions/{id}/enrollments/{studentId}/payments — money the office received for a place;
 * `idempotencyKey` is made once per dialog, so a double click records it once.
 */
export function recordOfficePayment(
  classSessionId: number,
  studentId: string,
  body: OfficePaymentInput & { idempotencyKey: string },
): Promise<OfficePaymentResult> {
  return callApi(officeApi.recordPayment, {
    params: { classSessionId: String(classSessionId), studentId },
    body,
  });
}

/**
 * POST /api/staff/sessions/{id}/enrollments/{studentId}/adjustments — a charge, a late fee, a credit or a
 * write-off on the place; `idempotencyKey` is made once per dialog.
 */
export function adjustPlace(
  classSessionId: number,
  studentId: string,
  body: AdjustmentInput & { idempotencyKey: string },
): Promise<AdjustmentResult> {
  return callApi(officeApi.adjust, { params: { classSessionId: String(classSessionId), studentId }, body });
}

/** GET /api/staff/balances — the aging report: who owes, and for how long (cents). */
export function getBalances(query: Partial<AgingQuery>, signal?: AbortSignal): Promise<AgingReport> {
  return callApi(officeApi.balances, { query, signal });
}

/** GET /api/staff/balances.csv — the same report as a file to save. */
export function downloadBalancesCsv() {
  return callApi(officeApi.balancesCsv, {});
}

/** GET /api/staff/failed-payments — automatic payments that failed on instalments still owing (issue 23). */
export function getFailedPayments(signal?: AbortSignal): Promise<FailedPaymentList> {
  return callApi(officeApi.failedPayments, { signal });
}

/** GET /api/staff/revenue — a year of the family account by month (cents); the current year without one. */
export function getRevenue(year: number | undefined, signal?: AbortSignal): Promise<RevenueReport> {
  return callApi(officeApi.revenue, { query: year === undefined ? {} : { year }, signal });
}

/** GET /api/staff/revenue.csv — the same year as a file to save. */
export function downloadRevenueCsv(year: number | undefined) {
  return callApi(officeApi.revenueCsv, { query: year === undefined ? {} : { year } });
}

/** GET /api/staff/sessions/{id}/enrollments — enrolled children with their payment's money. */
export function getSessionEnrollments(
  classSessionId: number,
  signal?: AbortSignal,
): Promise<StaffEnrollment[]> {
  return callApi(officeApi.enrollments, { params: { classSessionId }, signal });
}

/** POST /api/staff/sessions/{id}/withdraw — withdraws the child; refunds `refundAmount` cents after. */
export function withdrawChild(classSessionId: number, body: WithdrawInput): Promise<StaffWithdrawResult> {
  return callApi(officeApi.withdraw, { params: { classSessionId }, body });
}

/**
 * POST /api/staff/sessions/{id}/withdraw/preview — the policy's refund today and the exact mails the family
 * would get, changing nothing.
 */
export function previewWithdrawal(
  classSessionId: number,
  body: WithdrawPreviewInput,
  signal?: AbortSignal,
): Promise<WithdrawPreview> {
  return callApi(officeApi.withdrawPreview, { params: { classSessionId }, body, signal });
}

/** GET /api/staff/sessions/{id}/move-targets?studentId= — the sessions this child can move to. */
export function getMoveTargets(
  classSessionId: number,
  studentId: string,
  signal?: AbortSignal,
): Promise<MoveTarget[]> {
  return callApi(officeApi.moveTargets, { params: { classSessionId }, query: { studentId }, signal });
}

/** POST /api/staff/sessions/{id}/move — the child's new enrollment. */
export function moveChild(classSessionId: number, body: MoveInput) {
  return callApi(officeApi.move, { params: { classSessionId }, body });
}

/** POST /api/staff/sessions/{id}/enrollments — 201 with the enrollment and the offline payment. */
export function enrollByHand(classSessionId: number, body: ManualEnrollInput) {
  return callApi(officeApi.enrollByHand, { params: { classSessionId }, body });
}

/** POST /api/staff/sessions/{id}/waitlist/{studentId} — offer, skip or remove (204). */
export async function actOnWaitlist(
  classSessionId: number,
  studentId: string,
  action: WaitlistAction,
): Promise<void> {
  await callApi(officeApi.waitlistAction, { params: { classSessionId, studentId }, body: { action } });
}

/** GET /api/staff/children?q= — children by their or a parent's name or email. */
export function searchChildren(q: string, signal?: AbortSignal): Promise<StaffChildMatch[]> {
  return callApi(officeApi.children, { query: { q }, signal });
}

/** A fresh idempotency key for one refund dialog. */
export const newIdempotencyKey = () => crypto.randomUUID();
