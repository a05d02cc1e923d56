/**
 * The center's calendar for staff (issue 24): closures and early dismissals, and tour times (decision 028), each
 * call its `classSessionsApi` row (contract/src/api/class-sessions.ts). Shapes: contract `calendar.ts` and
 * `tour-slots.ts`; dates are the center's calendar dates, instants ISO.
 */
import {
  type Closure,
  type ClosureInput,
  type ClosureList,
  type ClosureListQuery,
  classSessionsApi,
  type StaffCalendar,
  type StaffCalendarQuery,
  type StaffTourSlot,
  type StaffTourSlotList,
  type TourSlotInput,
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

/** GET /api/staff/tour-slots — tour times from today on; who booked only for someone with the inbox. */
export function getTourSlots(signal?: AbortSignal): Promise<StaffTourSlotList> {
  return callApi(classSessionsApi.tourSlots, { signal });
}

/** POST /api/staff/tour-slots (director): answers the times published. 400 by field; 403 for a teacher. */
export async function addTourSlots(input: TourSlotInput): Promise<StaffTourSlot[]> {
  return (await callApi(classSessionsApi.addTourSlots, { body: input })).items;
}

/** DELETE /api/staff/tour-slots/{id} (director); families who booked it are mailed. ApiError 404 when gone. */
export function removeTourSlot(slotId: string): Promise<void> {
  return callApi(classSessionsApi.removeTourSlot, { params: { slotId } });
}
