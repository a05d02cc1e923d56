/** Moving several children at once (issue 24). Rows: contract `officeApi`; shapes: contract `staff-bulk-move.ts`. */
import {
  type BulkMoveInput,
  type BulkMovePreview,
  type BulkMovePreviewInput,
  type BulkMoveResult,
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
