/** The audit trail (issue 10; the director). Shapes: contract `staff-audit.ts`. */
import { type AuditPage, type AuditQuery, api } from '@lc/contract';
import { apiDownload, apiRequest } from './client.ts';

/** GET /api/staff/audit — one page of recorded changes, newest first. */
export function getAudit(query: AuditQuery, signal?: AbortSignal): Promise<AuditPage> {
  return apiRequest<AuditPage>(api.staffAudit, { query: { ...query }, signal });
}

/** GET /api/staff/audit.csv with the same filters, as a file to save. */
export function downloadAuditCsv(query: AuditQuery) {
  const { page: _page, pageSize: _size, ...filters } = query;
  const search = new URLSearchParams(
    Object.entries(filters).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
  );
  return apiDownload(`${api.staffAuditCsv}${search.size ? `?${search}` : ''}`);
}
