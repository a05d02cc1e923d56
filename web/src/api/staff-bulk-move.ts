/**
 * Moving or withdrawing several children at once (issue 24). Rows: contract `officeApi`; shapes: contract
 * `staff-bulk-move.ts` and `staff-bulk-withdraw.ts`.
 */
import {
  type BulkMoveInput,
  type BulkMovePreview,
  type BulkMovePreviewInput,
  type BulkMoveResult,
  type BulkWithdrawInput,
  type BulkWithdrawPreview,
  type BulkWithdrawPreviewInput,
  type BulkWithdrawResult,
  officeApi,
} from '@lc/contract';
import { callApi } from './call.ts';

/** POST /api/staff/sessions/{id}/bulk-move/preview — each child's price and balance there, or why they cannot go. */
export function previewBulkMove(
  classSessionId: number,
  body: BulkMovePreviewInput,
  signal?: AbortSignal,
): Promise<BulkMovePreview> {
  return callApi(officeApi.bulkMovePreview, { params: { classSessionId }, body, signal });
}

/** POST /api/staff/sessions/{id}/bulk-move — all of them in one transaction, or none (409 names the child). */
export function bulkMove(classSessionId: number, body: BulkMoveInput): Promise<BulkMoveResult> {
  return callApi(officeApi.bulkMove, { params: { classSessionId }, body });
}

/** POST /api/staff/sessions/{id}/bulk-withdraw/preview — each child's refund by the policy today (cents). */
export function previewBulkWithdraw(
  classSessionId: number,
  body: BulkWithdrawPreviewInput,
  signal?: AbortSignal,
): Promise<BulkWithdrawPreview> {
  return callApi(officeApi.bulkWithdrawPreview, { params: { classSessionId }, body, signal });
}

/** POST /api/staff/sessions/{id}/bulk-withdraw — each child withdrawn by the single withdrawal, refunded by policy. */
export function bulkWithdraw(classSessionId: number, body: BulkWithdrawInput): Promise<BulkWithdrawResult> {
  return callApi(officeApi.bulkWithdraw, { params: { classSessionId }, body });
}
