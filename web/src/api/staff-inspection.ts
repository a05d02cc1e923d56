/**
 * An inspector's visit (issue 26), by its `inspectionApi` rows (contract/src/api/inspection.ts). Shapes:
 * contract `staff-inspection.ts`.
 */
import { type Inspection, type InspectionQuery, inspectionApi } from '@lc/contract';
import { callApi } from './call.ts';

/** The query as the address carries it: empty sides left out (the server's last seven days apply). */
const given = (query: InspectionQuery) => ({ from: query.from || undefined, to: query.to || undefined });

/** GET /api/staff/inspection/{classSessionId} — the session's records over the range. 403 for a teacher. */
export function getInspection(
  classSessionId: number,
  query: InspectionQuery,
  signal?: AbortSignal,
): Promise<Inspection> {
  return callApi(inspectionApi.inspection, { params: { classSessionId }, query: given(query), signal });
}

/** GET /api/staff/inspection/{classSessionId}/pdf — the same records as a PDF to save or print. */
export function downloadInspectionPdf(classSessionId: number, query: InspectionQuery) {
  return callApi(inspectionApi.inspectionPdf, { params: { classSessionId }, query: given(query) });
}
