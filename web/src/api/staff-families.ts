/**
 * Families and children on the staff side (issue 10), called by their rows in the API table (`familyApi`,
 * contract/src/api/family.ts). Shapes: contract `staff-families.ts`.
 */
import {
  type ChildCorrection,
  type ContactCorrection,
  type FamilyList,
  type FamilyListQuery,
  familyApi,
  type Restriction,
  type RestrictionInput,
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

/** POST /api/staff/children/{studentId}/restrictions (the director, issue 24): a "do not release to" person. */
export function addRestriction(studentId: string, input: RestrictionInput): Promise<Restriction> {
  return callApi(familyApi.staffAddRestriction, { params: { studentId }, body: input });
}

/** DELETE /api/staff/children/{studentId}/restrictions/{restrictionId} (the director): lift it. */
export async function removeRestriction(studentId: string, restrictionId: string): Promise<void> {
  await callApi(familyApi.staffRemoveRestriction, { params: { studentId, restrictionId } });
}

/** GET …/restrictions/{restrictionId}/document (the director): the court order, a file to save. */
export function downloadRestrictionDocument(studentId: string, restrictionId: string) {
  return callApi(familyApi.staffRestrictionDocument, { params: { studentId, restrictionId } });
}

/** PUT /api/staff/children/{studentId}/details (the director): correct the child's details, with a reason. */
export function correctChild(studentId: string, input: ChildCorrection): Promise<StaffChild> {
  return callApi(familyApi.staffCorrectChild, { params: { studentId }, body: input });
}

/** PUT /api/staff/children/{studentId}/contacts/{trusteeId} (the director): correct a contact, with a reason. */
export function correctContact(
  studentId: string,
  trusteeId: string,
  input: ContactCorrection,
): Promise<StaffChild> {
  return callApi(familyApi.staffCorrectContact, { params: { studentId, trusteeId }, body: input });
}
