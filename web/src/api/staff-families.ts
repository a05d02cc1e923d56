/** Families and children on the staff side (issue 10). Shapes: contract `staff-families.ts`. */
import { api, type FamilyList, type FamilyListQuery, type StaffChild, type StaffFamily } from '@lc/contract';
import { apiRequest, requiredParam } from './client.ts';

/** GET /api/staff/families — one page of the families the caller may see, matching `q`. */
export function getFamilies(query: FamilyListQuery, signal?: AbortSignal): Promise<FamilyList> {
  return apiRequest<FamilyList>(api.staffFamilies, { query: { ...query }, signal });
}

/** GET /api/staff/families/{userId}. ApiError 404 for a family outside the caller's sessions. */
export function getFamily(userId: string | undefined, signal?: AbortSignal): Promise<StaffFamily> {
  return apiRequest<StaffFamily>(api.staffFamily(requiredParam('userId', userId)), { signal });
}

/** GET /api/staff/children/{studentId}. ApiError 404 for a child the caller may not see. */
export function getStaffChild(studentId: string | undefined, signal?: AbortSignal): Promise<StaffChild> {
  return apiRequest<StaffChild>(api.staffChild(requiredParam('studentId', studentId)), { signal });
}

/** POST /api/staff/families/{userId}/remove-from-family (the director, issue 13). ApiError 404 when not shared. */
export function removeFromFamily(userId: string): Promise<void> {
  return apiRequest<void>(api.staffRemoveFromFamily(userId), { method: 'POST' });
}
