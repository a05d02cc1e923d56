/**
 * The director's reports in the API table (issue 24, "Reports with charts"; contract/src/endpoint.ts): one
 * report by its kind over a range of the center's days, and the same report as a CSV of exactly its table's
 * cells. The director's (Admin) only: a teacher never sees money or another teacher's room. Shapes:
 * contract/src/staff-reports.ts.
 */
import { endpoint } from '../endpoint.ts';
import { ReportKindParamsSchema, ReportQuerySchema, ReportSchema } from '../staff-reports.ts';

export const reportsApi = {
  /** One report: its columns, rows and totals over the range (defaults: the last twelve months to today). */
  report: endpoint({
    method: 'GET',
    path: '/api/staff/reports/:kind',
    params: ReportKindParamsSchema,
    query: ReportQuerySchema,
    status: 200,
    reply: ReportSchema,
  }),
  /** The same report as a CSV file: the table's header and cells, its totals last. */
  reportCsv: endpoint({
    method: 'GET',
    path: '/api/staff/reports/:kind/csv',
    params: ReportKindParamsSchema,
    query: ReportQuerySchema,
    status: 200,
    reply: 'file',
  }),
};
