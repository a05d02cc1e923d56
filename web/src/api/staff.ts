/**
 * Staff back office calls (issue 10), by their `classSessionsApi` rows (contract/src/api/class-sessions.ts).
 * Shapes: contract `staff.ts`.
 */
import {
  classSessionsApi,
  type Roster,
  type StaffInviteInput,
  type StaffMember,
  type StaffSelf,
  type StaffSessionList,
  type StaffSessionListQuery,
  type StaffToday,
  type TeamMember,
} from '@lc/contract';
import { callApi } from './call.ts';

/** GET /api/staff/me — the signed-in staff member's role and whether they may read the inbox. */
export function getStaffSelf(signal?: AbortSignal): Promise<StaffSelf> {
  return callApi(classSessionsApi.staffMe, { signal });
}

/** GET /api/staff/today — the staff home: what needs the signed-in staff member now (issue 24). */
export function getStaffToday(signal?: AbortSignal): Promise<StaffToday> {
  return callApi(classSessionsApi.staffToday, { signal });
}

/** GET /api/staff/sessions — the sessions the signed-in staff member may see, one page. */
export function getStaffSessions(
  query: StaffSessionListQuery,
  signal?: AbortSignal,
): Promise<StaffSessionList> {
  return callApi(classSessionsApi.staffSessions, { query, signal });
}

/** GET /api/staff/sessions/{id}/roster. ApiError 404 for a session the caller does not teach. */
export function getRoster(
  classSessionId: number | string | undefined,
  signal?: AbortSignal,
): Promise<Roster> {
  return callApi(classSessionsApi.roster, { params: { classSessionId }, signal });
}

/** GET /api/staff/sessions/{id}/roster.csv, as a file to save. */
export function downloadRosterCsv(classSessionId: number | string) {
  return callApi(classSessionsApi.rosterCsv, { params: { classSessionId } });
}

/** GET /api/staff/team — everyone on the staff (director only). */
export function getTeam(signal?: AbortSignal): Promise<TeamMember[]> {
  return callApi(classSessionsApi.team, { signal });
}

/** PUT /api/staff/sessions/{id}/teachers — who teaches the session (director only). */
export function setSessionTeachers(classSessionId: number, userIds: string[]): Promise<StaffMember[]> {
  return callApi(classSessionsApi.teachers, { params: { classSessionId }, body: { userIds } });
}

/** POST /api/staff/team — invite someone to the staff (director only). */
export function inviteToStaff(input: StaffInviteInput): Promise<TeamMember> {
  return callApi(classSessionsApi.invite, { body: input });
}

/**
 * PUT /api/staff/team/{userId} — a new role, or `Parent` to take them off the staff (director only): the
 * member, or undefined when taken off (204).
 */
export function changeStaffRole(
  userId: string,
  role: 'Staff' | 'Admin' | 'Parent',
): Promise<TeamMember | undefined> {
  return callApi(classSessionsApi.teamMember, { params: { userId }, body: { role } });
}
