/**
 * The center's calendar for staff (issue 24): closures and early dismissals, each call its `classSessionsApi`
 * row (contract/src/api/class-sessions.ts). Shapes: contract `calendar.ts`; dates are the center's calendar dates.
 */
import {
  type Closure,
  type ClosureInput,
  type ClosureList,
  type ClosureListQuery,
  classSessionsApi,
  type StaffCalendar,
  type StaffCalendarQuery,
} from '@lc/contract';
import { callApi } from './call.ts';

/** GET /api/staff/closures — the closures touching the range (from today for a year by default). */
export function getClosures(query: ClosureListQuery, signal?: AbortSignal): Promise<ClosureList> {
  return callApi(classSessionsApi.closures, { query, signal });
}

/** POST /api/staff/closures (director): answers the new closure. 400 with field messages; 403 for a teacher. */
export function addClosure(input: ClosureInput): Promise<Closure> {
  return callApi(classSessionsApi.addClosure, { body: input });
}

/** DELETE /api/staff/closures/{id} (director). ApiError 404 when it is already gone. */
export function removeClosure(closureId: string): Promise<void> {
  return callApi(classSessionsApi.removeClosure, { params: { closureId } });
}

/** GET /api/staff/calendar — a week or month of sessions and closures (a teacher: their own rooms). */
export function getStaffCalendar(query: StaffCalendarQuery, signal?: AbortSignal): Promise<StaffCalendar> {
  return callApi(classSessionsApi.staffCalendar, { query, signal });
}
