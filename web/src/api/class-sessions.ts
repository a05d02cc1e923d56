/** Class session calls (spec §7 ClassSession), by their `classSessionsApi` rows. Shapes: {@link ClassSession} in the contract. */
import { type ClassSession, classSessionsApi } from '@lc/contract';
import { callApi } from './call.ts';

/** GET /api/ClassSession?active=… — `active=true` lists active sessions that have not ended. */
export function getClassSessions(active?: boolean, signal?: AbortSignal): Promise<ClassSession[]> {
  return callApi(classSessionsApi.list, {
    query: { active: active === undefined ? undefined : active ? 'true' : 'false' },
    signal,
  });
}

/** GET /api/ClassSession/all — every session, active or not. */
export function getAllClassSessions(signal?: AbortSignal): Promise<ClassSession[]> {
  return callApi(classSessionsApi.all, { signal });
}

/** GET /api/ClassSession/{classSessionId}. Throws RequiredError without an id, ApiError 404 for an unknown one. */
export function getClassSession(
  classSessionId: number | string | null | undefined,
  signal?: AbortSignal,
): Promise<ClassSession> {
  return callApi(classSessionsApi.session, { params: { classSessionId }, signal });
}
