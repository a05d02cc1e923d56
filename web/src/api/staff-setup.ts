/**
 * Setting up terms (issue 10): sessions (spec §7 `POST`/`PUT /api/ClassSession`, the director's), a session
 * for the staff form, duplicating it for next term, programs and policies. Shapes: contract
 * `class-session.ts`, `enrollment.ts` (`ClassSessionInput`, cents) and `staff-setup.ts`.
 */
import {
  api,
  type ClassSession,
  type ClassSessionInput,
  type PolicyInput,
  type PolicyRow,
  type ProgramInput,
  type ProgramRow,
  type SessionDuplicateInput,
} from '@lc/contract';
import { apiRequest, requiredParam } from './client.ts';

const pathId = (name: string, value: number | string | undefined) =>
  encodeURIComponent(String(requiredParam(name, value)));

/** GET /api/staff/sessions/{id}: every field, active or not. ApiError 404 for a session the caller does not teach. */
export function getStaffSession(classSessionId: number | string | undefined, signal?: AbortSignal) {
  return apiRequest<ClassSession>(api.staffSession(pathId('classSessionId', classSessionId)), { signal });
}

/** POST /api/ClassSession (director): answers the new session. 400 with field messages. */
export function createSession(input: ClassSessionInput): Promise<ClassSession> {
  return apiRequest<ClassSession>('/api/ClassSession', { method: 'POST', body: input });
}

/** PUT /api/ClassSession/{id} (director): answers a sentence. 409 on `rosterSize` below the seats taken. */
export function updateSession(classSessionId: number, input: ClassSessionInput): Promise<string> {
  return apiRequest<string>(api.classSession(classSessionId), { method: 'PUT', body: input });
}

/** POST /api/staff/sessions/{id}/duplicate (director): the copy's id. */
export function duplicateSession(
  classSessionId: number,
  input: SessionDuplicateInput,
): Promise<{ id: number }> {
  return apiRequest<{ id: number }>(api.staffDuplicateSession(classSessionId), {
    method: 'POST',
    body: input,
  });
}

/** GET /api/staff/programs. */
export function getPrograms(signal?: AbortSignal): Promise<ProgramRow[]> {
  return apiRequest<ProgramRow[]>(api.staffPrograms, { signal });
}

/** POST or PUT a program (director); answers the whole list. */
export function saveProgram(id: number | null, input: ProgramInput): Promise<ProgramRow[]> {
  return id === null
    ? apiRequest<ProgramRow[]>(api.staffPrograms, { method: 'POST', body: input })
    : apiRequest<ProgramRow[]>(api.staffProgram(id), { method: 'PUT', body: input });
}

/** GET /api/staff/policies. */
export function getPolicies(signal?: AbortSignal): Promise<PolicyRow[]> {
  return apiRequest<PolicyRow[]>(api.staffPolicies, { signal });
}

/** POST or PUT a policy (director); the server sanitises the text; answers the whole list. */
export function savePolicy(id: number | null, input: PolicyInput): Promise<PolicyRow[]> {
  return id === null
    ? apiRequest<PolicyRow[]>(api.staffPolicies, { method: 'POST', body: input })
    : apiRequest<PolicyRow[]>(api.staffPolicy(id), { method: 'PUT', body: input });
}
