/**
 * The family's records (spec §7 Student calls; issue 4): children, allergies and emergency contacts.
 * Every id parameter is required: a null or undefined one throws RequiredError before any call (spec §5).
 */
import {
  type Allergy,
  type AllergyInput,
  api,
  type Student,
  type StudentInput,
  type Trustee,
  type TrusteeInput,
} from '@lc/contract';
import { apiRequest, requiredParam } from './client.ts';

type Id = string | null | undefined;

/** GET /api/Student — the signed-in parent's children, oldest first, with allergies. */
export function getStudents(signal?: AbortSignal): Promise<Student[]> {
  return apiRequest<Student[]>(api.students, { signal });
}

/** GET /api/Student/{studentId} — ApiError 404 when it is not one of the family's children. */
export function getStudent(studentId: Id, signal?: AbortSignal): Promise<Student> {
  return apiRequest<Student>(api.student(requiredParam('studentId', studentId)), { signal });
}

/** POST /api/Student — adds a child; 400 with field messages when something needs fixing. */
export function createStudent(body: StudentInput): Promise<Student> {
  return apiRequest<Student>(api.students, { method: 'POST', body });
}

/** PUT /api/Student/{studentId} — saves a child's details. */
export function updateStudent(studentId: Id, body: StudentInput): Promise<Student> {
  return apiRequest<Student>(api.student(requiredParam('studentId', studentId)), { method: 'PUT', body });
}

/** DELETE /api/Student/{studentId} — 409 when the child has session history (kept). */
export async function deleteStudent(studentId: Id): Promise<void> {
  await apiRequest<unknown>(api.student(requiredParam('studentId', studentId)), { method: 'DELETE' });
}

/** POST /api/Student/{studentId}/Allergies — 409 when the child already has it. */
export function addAllergy(studentId: Id, body: AllergyInput): Promise<Allergy> {
  return apiRequest<Allergy>(api.studentAllergies(requiredParam('studentId', studentId)), {
    method: 'POST',
    body,
  });
}

/** DELETE /api/Student/{studentId}/Allergies/{allergyId}. */
export async function deleteAllergy(studentId: Id, allergyId: Id): Promise<void> {
  await apiRequest<unknown>(
    api.studentAllergy(requiredParam('studentId', studentId), requiredParam('allergyId', allergyId)),
    { method: 'DELETE' },
  );
}

/** GET /api/Student/{studentId}/Trustees — one child's emergency contacts. */
export function getStudentTrustees(studentId: Id, signal?: AbortSignal): Promise<Trustee[]> {
  return apiRequest<Trustee[]>(api.studentTrustees(requiredParam('studentId', studentId)), { signal });
}

/** GET /api/Student/Trustees — the family's emergency contacts, active first. */
export function getTrustees(signal?: AbortSignal): Promise<Trustee[]> {
  return apiRequest<Trustee[]>(api.trustees, { signal });
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
  return apiRequest<Trustee>(api.trustee(requiredParam('trusteeId', trusteeId)), { signal });
}

/** POST /api/Student/Trustees — adds a contact for the chosen children. */
export function createTrustee(body: TrusteeInput): Promise<Trustee> {
  return apiRequest<Trustee>(api.trustees, { method: 'POST', body });
}

/** PUT /api/Student/Trustees/{trusteeId}. */
export function updateTrustee(trusteeId: Id, body: TrusteeInput): Promise<Trustee> {
  return apiRequest<Trustee>(api.trustee(requiredParam('trusteeId', trusteeId)), { method: 'PUT', body });
}

/** DELETE /api/Student/Trustees/{trusteeId} — the children are not touched. */
export async function deleteTrustee(trusteeId: Id): Promise<void> {
  await apiRequest<unknown>(api.trustee(requiredParam('trusteeId', trusteeId)), { method: 'DELETE' });
}
