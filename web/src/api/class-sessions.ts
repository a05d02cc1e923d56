/** Class session calls (spec §7 ClassSession). Shapes: {@link ClassSession} in the contract. */
import { api, type ClassSession } from '@lc/contract';
import { apiRequest, requiredParam } from './client.ts';

/** GET /api/ClassSession?active=… — `active=true` lists active sessions that have not ended. */
export function getClassSessions(active?: boolean, signal?: AbortSignal): Promise<ClassSession[]> {
  return apiRequest<ClassSession[]>(api.classSessionList, { query: { active }, signal });
}

/** GET /api/ClassSession/all — every session, active or not. */
export function getAllClassSessions(signal?: AbortSignal): Promise<ClassSession[]> {
  return apiRequest<ClassSession[]>(api.classSessionAll, { signal });
}

/** GET /api/ClassSession/{classSessionId}. Throws RequiredError without an id, ApiError 404 for an unknown one. */
export async function getClassSession(
  classSessionId: number | string | null | undefined,
  signal?: AbortSignal,
): Promise<ClassSession> {
  const id = encodeURIComponent(String(requiredParam('classSessionId', classSessionId)));
  return apiRequest<ClassSession>(api.classSession(id), { signal });
}
