/**
 * Setting up terms (issue 10): sessions (spec §7 `POST`/`PUT /api/ClassSession`, the director's), a session
 * for the staff form, duplicating it for next term, programs and policies. Shapes: contract
 * `class-session.ts`, `enrollment.ts` (`ClassSessionInput`, cents) and `staff-setup.ts`; each call is its
 * `classSessionsApi` row (contract/src/api/class-sessions.ts).
 */
import {
  type ClassSession,
  type ClassSessionInput,
  classSessionsApi,
  type PolicyInput,
  type PolicyRow,
  type ProgramInput,
  type ProgramRow,
  type SessionDuplicateInput,
} from '@lc/contract';
import { callApi } from './call.ts';

/** GET /api/staff/sessions/{id}: every field, active or not. ApiError 404 for a session the caller does not teach. */
export function getStaffSession(
  classSessionId: number | string | undefined,
  signal?: AbortSignal,
): Promise<ClassSession> {
  return callApi(classSessionsApi.staffSession, { params: { classSessionId }, signal });
}

/** POST /api/ClassSession (director): answers the new session. 400 with field messages. */
export function createSession(input: ClassSessionInput): Promise<ClassSession> {
  return callApi(classSessionsApi.create, { body: input });
}

/** PUT /api/ClassSession/{id} (director): answers a sentence. 409 on `rosterSize` below the seats taken. */
export function updateSession(classSessionId: number, input: ClassSessionInput): Promise<string> {
  return callApi(classSessionsApi.update, { params: { classSessionId }, body: input });
}

/** POST /api/staff/sessions/{id}/duplicate (director): the copy's id. */
export function duplicateSession(
  classSessionId: number,
  input: SessionDuplicateInput,
): Promise<{ id: number }> {
  return callApi(classSessionsApi.duplicate, { params: { classSessionId }, body: input });
}

/** GET /api/staff/programs. */
export function getPrograms(signal?: AbortSignal): Promise<ProgramRow[]> {
  return callApi(classSessionsApi.programs, { signal });
}

/** POST or PUT a program (director); answers the whole list. */
export function saveProgram(id: number | null, input: ProgramInput): Promise<ProgramRow[]> {
  return id === null
    ? callApi(classSessionsApi.addProgram, { body: input })
    : callApi(classSessionsApi.editProgram, { params: { id }, body: input });
}

/** GET /api/staff/policies. */
export function getPolicies(signal?: AbortSignal): Promise<PolicyRow[]> {
  return callApi(classSessionsApi.policies, { signal });
}

/** POST or PUT a policy (director); the server sanitises the text; answers the whole list. */
export function savePolicy(id: number | null, input: PolicyInput): Promise<PolicyRow[]> {
  return id === null
    ? callApi(classSessionsApi.addPolicy, { body: input })
    : callApi(classSessionsApi.editPolicy, { params: { id }, body: input });
}
