/**
 * Incident reports' endpoints of the API table (issue 26, part 3; decision 037; contract/src/endpoint.ts): the
 * staff's reports (a teacher's own sessions, the director's every session), the director's review and
 * follow-ups, and a family's copies and signatures.
 */
import { endpoint } from '../endpoint.ts';
import {
  FamilyIncidentListSchema,
  FamilyIncidentSchema,
  IncidentAcknowledgeInputSchema,
  IncidentCorrectionSchema,
  IncidentFollowUpInputSchema,
  IncidentIdParamsSchema,
  IncidentInputSchema,
  StaffIncidentListSchema,
  StaffIncidentSchema,
  StaffIncidentsQuerySchema,
} from '../incidents.ts';

export const incidentsApi = {
  /** The incidents of the sessions the caller sees, filtered and paged. */
  staffList: endpoint({
    method: 'GET',
    path: '/api/staff/incidents',
    query: StaffIncidentsQuerySchema,
    status: 200,
    reply: StaffIncidentListSchema,
  }),
  /** Report an incident; each involved child's parents are told at once. */
  report: endpoint({
    method: 'POST',
    path: '/api/staff/incidents',
    body: IncidentInputSchema,
    status: 201,
    reply: StaffIncidentSchema,
  }),
  /** One report with its signatures, review and follow-ups. */
  staffIncident: endpoint({
    method: 'GET',
    path: '/api/staff/incidents/:incidentId',
    params: IncidentIdParamsSchema,
    status: 200,
    reply: StaffIncidentSchema,
  }),
  /** The reporting teacher corrects the report, within the window and before any signature. */
  correct: endpoint({
    method: 'PATCH',
    path: '/api/staff/incidents/:incidentId',
    params: IncidentIdParamsSchema,
    body: IncidentCorrectionSchema,
    status: 200,
    reply: StaffIncidentSchema,
  }),
  /** The director marks the report reviewed. */
  review: endpoint({
    method: 'POST',
    path: '/api/staff/incidents/:incidentId/review',
    params: IncidentIdParamsSchema,
    status: 200,
    reply: StaffIncidentSchema,
  }),
  /** The director adds a follow-up note, optionally shared with the families. */
  addFollowUp: endpoint({
    method: 'POST',
    path: '/api/staff/incidents/:incidentId/follow-ups',
    params: IncidentIdParamsSchema,
    body: IncidentFollowUpInputSchema,
    status: 201,
    reply: StaffIncidentSchema,
  }),
  /** The family's incidents, newest first. */
  familyList: endpoint({
    method: 'GET',
    path: '/api/Incidents',
    status: 200,
    reply: FamilyIncidentListSchema,
  }),
  /** The family's copy of one incident. */
  familyIncident: endpoint({
    method: 'GET',
    path: '/api/Incidents/:incidentId',
    params: IncidentIdParamsSchema,
    status: 200,
    reply: FamilyIncidentSchema,
  }),
  /** A parent signs the family's copy (either parent, once for the family). */
  acknowledge: endpoint({
    method: 'POST',
    path: '/api/Incidents/:incidentId/Acknowledge',
    params: IncidentIdParamsSchema,
    body: IncidentAcknowledgeInputSchema,
    status: 200,
    reply: FamilyIncidentSchema,
  }),
};
