/**
 * The family's records (spec §7 Student calls; issue 4): children, allergies and emergency contacts, called
 * by their rows in the API table (`familyApi`, contract/src/api/family.ts). Every id parameter is required: a
 * null or undefined one throws RequiredError before any call (spec §5).
 */
import {
  type Allergy,
  type AllergyInput,
  familyApi,
  type Student,
  type StudentInput,
  type Trustee,
  type TrusteeInput,
} from '@lc/contract';
import { callApi } from './call.ts';

type Id = string | null | undefined;

/** GET /api/Student — the signed-in parent's children, oldest first, with allergies. */
export function getStudents(signal?: AbortSignal): Promise<Student[]> {
  return callApi(familyApi.students, { signal });
}

/** GET /api/Student/{studentId} — ApiError 404 when it is not one of the family's children. */
export function getStudent(studentId: Id, signal?: AbortSignal): Promise<Student> {
  return callApi(familyApi.student, { params: { studentId }, signal });
}

/** POST /api/Student — adds a child; 400 with field messages when something needs fixing. */
export function createStudent(body: StudentInput): Promise<Student> {
  return callApi(familyApi.addStudent, { body });
}

/** PUT /api/Student/{studentId} — saves a child's details. */
export function updateStudent(studentId: Id, body: StudentInput): Promise<Student> {
  return callApi(familyApi.updateStudent, { params: { studentId }, body });
}

/** DELETE /api/Student/{studentId} — 409 when the child has session history (kept). */
export async function deleteStudent(studentId: Id): Promise<void> {
  await callApi(familyApi.deleteStudent, { params: { studentId } });
}

/** POST /api/Student/{studentId}/Allergies — 409 when the child already has it. */
export function addAllergy(studentId: Id, body: AllergyInput): Promise<Allergy> {
  return callApi(familyApi.addAllergy, { params: { studentId }, body });
}

/** DELETE /api/Student/{studentId}/Allergies/{allergyId}. */
export async function deleteAllergy(studentId: Id, allergyId: Id): Promise<void> {
  await callApi(familyApi.deleteAllergy, { params: { studentId, allergyId } });
}

/** GET /api/Student/{studentId}/Trustees — one child's emergency contacts. */
export function getStudentTrustees(studentId: Id, signal?: AbortSignal): Promise<Trustee[]> {
  return callApi(familyApi.studentTrustees, { params: { studentId }, signal });
}

/** GET /api/Student/Trustees — the family's emergency contacts, active first. */
export function getTrustees(signal?: AbortSignal): Promise<Trustee[]> {
  return callApi(familyApi.trustees, { signal });
}

/** The family's children and emergency contacts, read together (the two calls above, side by side). */
export async function getChildrenAndContacts(
  signal?: AbortSignal,
): Promise<{ students: Student[]; trustees: Trustee[] }> {
  const [students, trustees] = await Promise.all([getStudents(signal), getTrustees(signal)]);
  return { students, trustees };
}

/** GET /api/Student/Trustees/{trusteeId}. */
export function getTrustee(trusteeId: Id, signal?: AbortSignal): Promise<Trustee> {
  return callApi(familyApi.trustee, { params: { trusteeId }, signal });
}

/** POST /api/Student/Trustees — adds a contact for the chosen children. */
export function createTrustee(body: TrusteeInput): Promise<Trustee> {
  return callApi(familyApi.addTrustee, { body });
}

/** PUT /api/Student/Trustees/{trusteeId}. */
export function updateTrustee(trusteeId: Id, body: TrusteeInput): Promise<Trustee> {
  return callApi(familyApi.updateTrustee, { params: { trusteeId }, body });
}

/** DELETE /api/Student/Trustees/{trusteeId} — the children are not touched. */
export async function deleteTrustee(trusteeId: Id): Promise<void> {
  await callApi(familyApi.deleteTrustee, { params: { trusteeId } });
}
