/**
 * Families and children on the staff side (issue 10), called by their rows in the API table (`familyApi`,
 * contract/src/api/family.ts). Shapes: contract `staff-families.ts`.
 */
import {
  type FamilyList,
  type FamilyListQuery,
  familyApi,
  type StaffChild,
  type StaffFamily,
} from '@lc/contract';
import { callApi } from './call.ts';

/** GET /api/staff/families — one page of the families the caller may see, matching `q`. */
export function getFamilies(query: FamilyListQuery, signal?: AbortSignal): Promise<FamilyList> {
  return callApi(familyApi.staffFamilies, { query: { ...query }, signal });
}

/** GET /api/staff/families/{userId}. ApiError 404 for a family outside the caller's sessions. */
export function getFamily(userId: string | undefined, signal?: AbortSignal): Promise<StaffFamily> {
  return callApi(familyApi.staffFamily, { params: { userId }, signal });
}

/** GET /api/staff/children/{studentId}. ApiError 404 for a child the caller may not see. */
export function getStaffChild(studentId: string | undefined, signal?: AbortSignal): Promise<StaffChild> {
  return callApi(familyApi.staffChild, { params: { studentId }, signal });
}

/** POST /api/staff/families/{userId}/remove-from-family (the director, issue 13). ApiError 404 when not shared. */
export async function removeFromFamily(userId: string): Promise<void> {
  await callApi(familyApi.staffRemoveFromFamily, { params: { userId } });
}
