/**
 * The medication log (issue 26; decision 040), called by their rows in the API table (`medicationApi`,
 * contract/src/api/medication.ts): a session's log with each child's authorization, logging, correcting and
 * voiding a dose, and a family's log of its child. Query options are in `queries/medication.ts`.
 */
import {
  type FamilyMedication,
  type MedicationCorrection,
  type MedicationDoseFormInput,
  type MedicationLogQuery,
  type MedicationVoid,
  medicationApi,
  type SessionMedication,
  type StaffMedicationDose,
} from '@lc/contract';
import { callApi } from './call.ts';

/** GET a session's children, their authorizations and its log (404 outside the caller's sessions). */
export const getSessionMedication = (
  classSessionId: number,
  query: MedicationLogQuery,
  signal?: AbortSignal,
): Promise<SessionMedication> =>
  callApi(medicationApi.sessionLog, { params: { classSessionId: String(classSessionId) }, query, signal });

/** POST a dose given; the parents are told at once. The same `clientKey` logs it once. */
export const giveDose = (body: MedicationDoseFormInput): Promise<StaffMedicationDose> =>
  callApi(medicationApi.give, { body });

/** POST a correction (the original is kept, marked superseded). */
export const correctDose = (doseId: string, body: MedicationCorrection): Promise<StaffMedicationDose> =>
  callApi(medicationApi.correct, { params: { doseId }, body });

/** POST a void of an entry logged by mistake. */
export const voidDose = (doseId: string, body: MedicationVoid): Promise<StaffMedicationDose> =>
  callApi(medicationApi.void, { params: { doseId }, body });

/** GET the family's child's log (404 for a child not in the family). */
export const getFamilyMedication = (studentId: string, signal?: AbortSignal): Promise<FamilyMedication> =>
  callApi(medicationApi.familyLog, { params: { studentId }, signal });
