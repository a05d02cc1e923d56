/**
 * The medication log's endpoints of the API table (issue 26; decision 040; contract/src/endpoint.ts): the
 * staff's session log with each child's authorization, logging a dose, correcting and voiding one; a family's
 * log of its child.
 */
import { ClassSessionIdParamsSchema } from '../class-session.ts';
import { endpoint } from '../endpoint.ts';
import { StudentIdParamsSchema } from '../family.ts';
import {
  FamilyMedicationSchema,
  MedicationCorrectionSchema,
  MedicationDoseIdParamsSchema,
  MedicationDoseInputSchema,
  MedicationLogQuerySchema,
  MedicationVoidSchema,
  SessionMedicationSchema,
  StaffMedicationDoseSchema,
} from '../medication.ts';

export const medicationApi = {
  /** A session's children with their authorizations, and its log in a range of days. */
  sessionLog: endpoint({
    method: 'GET',
    path: '/api/staff/sessions/:classSessionId/medication',
    params: ClassSessionIdParamsSchema,
    query: MedicationLogQuerySchema,
    status: 200,
    reply: SessionMedicationSchema,
  }),
  /** Log a dose given; the child's parents are told at once. */
  give: endpoint({
    method: 'POST',
    path: '/api/staff/medication',
    body: MedicationDoseInputSchema,
    status: 201,
    reply: StaffMedicationDoseSchema,
  }),
  /** Correct a dose: the original is kept, marked superseded; the corrected entry is answered. */
  correct: endpoint({
    method: 'POST',
    path: '/api/staff/medication/:doseId/correct',
    params: MedicationDoseIdParamsSchema,
    body: MedicationCorrectionSchema,
    status: 200,
    reply: StaffMedicationDoseSchema,
  }),
  /** Void a dose logged by mistake (kept, with the reason). */
  void: endpoint({
    method: 'POST',
    path: '/api/staff/medication/:doseId/void',
    params: MedicationDoseIdParamsSchema,
    body: MedicationVoidSchema,
    status: 200,
    reply: StaffMedicationDoseSchema,
  }),
  /** The family's child's medication log. */
  familyLog: endpoint({
    method: 'GET',
    path: '/api/Student/:studentId/Medication',
    params: StudentIdParamsSchema,
    status: 200,
    reply: FamilyMedicationSchema,
  }),
};
