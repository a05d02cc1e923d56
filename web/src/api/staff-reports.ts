/**
 * The director's reports (issue 24), by their `reportsApi` rows (contract/src/api/reports.ts). Shapes:
 * contract `staff-reports.ts`.
 */
import { type Report, type ReportKind, type ReportQuery, reportsApi } from '@lc/contract';
import { callApi } from './call.ts';

/** The query as the address carries it: empty sides left out (the server's defaults apply). */
const given = (query: ReportQuery) => ({
  from: query.from || undefined,
  to: query.to || undefined,
  classSessionId: query.classSessionId,
});

/** GET /api/staff/reports/{kind} — the report over the range (the last twelve months without one). */
export function getReport(kind: ReportKind, query: ReportQuery, signal?: AbortSignal): Promise<Report> {
  return callApi(reportsApi.report, { params: { kind }, query: given(query), signal });
}

/** GET /api/staff/reports/{kind}/csv — the same report's table as a file to save. */
export function downloadReportCsv(kind: ReportKind, query: ReportQuery) {
  return callApi(reportsApi.reportCsv, { params: { kind }, query: given(query) });
}
