/**
 * A child's health record endpoints of the API table (issue 26 part 1; decision 035; contract/src/endpoint.ts):
 * the family's `/api/Student/{id}/Health…` (the record, doses, profile, physical, documents) and dashboard
 * summary, the documents through their signed links, the staff's compliance list per session, a child's
 * record for staff with checks, and the director's program requirements.
 */
import {
  ChildHealthSchema,
  HealthCheckInputSchema,
  HealthDocumentIdParamsSchema,
  HealthDocumentParamsSchema,
  HealthDocumentSchema,
  HealthDoseParamsSchema,
  HealthProfileInputSchema,
  HealthSummarySchema,
  ImmunizationDoseInputSchema,
  PhysicalInputSchema,
  ProgramIdParamsSchema,
  ProgramRequirementsInputSchema,
  ProgramRequirementsListSchema,
  SessionComplianceQuerySchema,
  SessionComplianceSchema,
} from '../child-health.ts';
import { ClassSessionIdParamsSchema } from '../class-session.ts';
import { AttachmentLinkQuerySchema } from '../conversations.ts';
import { endpoint } from '../endpoint.ts';
import { StudentIdParamsSchema } from '../family.ts';

export const childHealthApi = {
  /** A child's whole health record and what the center still needs. */
  childHealth: endpoint({
    method: 'GET',
    path: '/api/Student/:studentId/Health',
    params: StudentIdParamsSchema,
    status: 200,
    reply: ChildHealthSchema,
  }),
  /** Save the physician, insurance, dietary needs and medications. */
  saveProfile: endpoint({
    method: 'PUT',
    path: '/api/Student/:studentId/Health/Profile',
    params: StudentIdParamsSchema,
    body: HealthProfileInputSchema,
    status: 200,
    reply: ChildHealthSchema,
  }),
  /** Save the last physical exam's day. */
  savePhysical: endpoint({
    method: 'PUT',
    path: '/api/Student/:studentId/Health/Physical',
    params: StudentIdParamsSchema,
    body: PhysicalInputSchema,
    status: 200,
    reply: ChildHealthSchema,
  }),
  /** Add an immunization dose. */
  addDose: endpoint({
    method: 'POST',
    path: '/api/Student/:studentId/Health/Immunizations',
    params: StudentIdParamsSchema,
    body: ImmunizationDoseInputSchema,
    status: 201,
    reply: ChildHealthSchema,
  }),
  /** Remove a dose entered by mistake. */
  removeDose: endpoint({
    method: 'DELETE',
    path: '/api/Student/:studentId/Health/Immunizations/:doseId',
    params: HealthDoseParamsSchema,
    status: 200,
    reply: ChildHealthSchema,
  }),
  /** Upload a document (multipart `file`, `kind`, optional `expiresOn`). */
  uploadDocument: endpoint({
    method: 'POST',
    path: '/api/Student/:studentId/Health/Documents',
    params: StudentIdParamsSchema,
    status: 201,
    reply: HealthDocumentSchema,
  }),
  /** Remove a document. */
  removeDocument: endpoint({
    method: 'DELETE',
    path: '/api/Student/:studentId/Health/Documents/:documentId',
    params: HealthDocumentParamsSchema,
    status: 200,
    reply: ChildHealthSchema,
  }),
  /** A document, through the signed link a record gives. */
  documentFile: endpoint({
    method: 'GET',
    path: '/api/HealthDocuments/:documentId',
    params: HealthDocumentIdParamsSchema,
    query: AttachmentLinkQuerySchema,
    status: 200,
    reply: 'file',
  }),
  /** The dashboard card: each child's missing and expiring items. */
  summary: endpoint({
    method: 'GET',
    path: '/api/Health/Summary',
    status: 200,
    reply: HealthSummarySchema,
  }),
  /** The staff's compliance list of one session. */
  sessionCompliance: endpoint({
    method: 'GET',
    path: '/api/staff/sessions/:classSessionId/health',
    params: ClassSessionIdParamsSchema,
    query: SessionComplianceQuerySchema,
    status: 200,
    reply: SessionComplianceSchema,
  }),
  /** A child's record for staff. */
  staffChildHealth: endpoint({
    method: 'GET',
    path: '/api/staff/children/:studentId/health',
    params: StudentIdParamsSchema,
    status: 200,
    reply: ChildHealthSchema,
  }),
  /** Mark a record or a document checked (or not). */
  checkRecord: endpoint({
    method: 'PUT',
    path: '/api/staff/children/:studentId/health/checks',
    params: StudentIdParamsSchema,
    body: HealthCheckInputSchema,
    status: 200,
    reply: ChildHealthSchema,
  }),
  /** Every program with its health requirements (the director). */
  programRequirements: endpoint({
    method: 'GET',
    path: '/api/staff/health-requirements',
    status: 200,
    reply: ProgramRequirementsListSchema,
  }),
  /** Set one program's requirements (the director): the whole list. */
  saveProgramRequirements: endpoint({
    method: 'PUT',
    path: '/api/staff/programs/:id/health-requirements',
    params: ProgramIdParamsSchema,
    body: ProgramRequirementsInputSchema,
    status: 200,
    reply: ProgramRequirementsListSchema,
  }),
};
