/**
 * The audit trail (issue 10; the director), by its `classSessionsApi` rows (contract/src/api/class-sessions.ts).
 * Shapes: contract `staff-audit.ts`.
 */
import { type AuditPage, type AuditQuery, classSessionsApi } from '@lc/contract';
import { callApi } from './call.ts';

/** GET /api/staff/audit — one page of recorded changes, newest first. */
export function getAudit(query: AuditQuery, signal?: AbortSignal): Promise<AuditPage> {
  return callApi(classSessionsApi.audit, { query, signal });
}

/** A filter as the CSV's address carries it: left out when empty. */
const given = (value: string | undefined) => value || undefined;

/** GET /api/staff/audit.csv with the same filters (empty ones and the page left out), as a file to save. */
export function downloadAuditCsv(query: AuditQuery) {
  return callApi(classSessionsApi.auditCsv, {
    query: {
      q: given(query.q),
      entityType: given(query.entityType),
      entityId: given(query.entityId),
      kind: query.kind,
      actorUserId: query.actorUserId,
      studentId: query.studentId,
      familyUserId: query.familyUserId,
      from: given(query.from),
      to: given(query.to),
    },
  });
}
