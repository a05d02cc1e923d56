/**
 * Incident reports (issue 26, part 3; decision 037), called by their rows in the API table (`incidentsApi`,
 * contract/src/api/incidents.ts): the staff's reports, corrections, review and follow-ups, and a family's
 * copies and signatures. Query options are in `queries/incidents.ts`, keys in `query-keys.ts`.
 */
import {
  type FamilyIncident,
  type FamilyIncidentList,
  type IncidentAcknowledgeFormInput,
  type IncidentCorrection,
  type IncidentFollowUpInputSchema,
  type IncidentFormInput,
  incidentsApi,
  type StaffIncident,
  type StaffIncidentList,
  type StaffIncidentsQuery,
} from '@lc/contract';
import type { z } from 'zod';
import { callApi } from './call.ts';

/** GET the staff's list (404-free: a teacher sees their sessions' reports only). */
export const getStaffIncidents = (
  query: Partial<StaffIncidentsQuery>,
  signal?: AbortSignal,
): Promise<StaffIncidentList> => callApi(incidentsApi.staffList, { query, signal });

/** GET one report (404 outside the caller's sessions). */
export const getStaffIncident = (incidentId: string, signal?: AbortSignal): Promise<StaffIncident> =>
  callApi(incidentsApi.staffIncident, { params: { incidentId }, signal });

/** POST a new report; the families are told at once. */
export const reportIncident = (body: IncidentFormInput): Promise<StaffIncident> =>
  callApi(incidentsApi.report, { body });

/** PATCH the reporter's correction (the whole report again). */
export const correctIncident = (incidentId: string, body: IncidentCorrection): Promise<StaffIncident> =>
  callApi(incidentsApi.correct, { params: { incidentId }, body });

/** POST the director's review. */
export const reviewIncident = (incidentId: string): Promise<StaffIncident> =>
  callApi(incidentsApi.review, { params: { incidentId } });

/** POST the director's follow-up note. */
export const addIncidentFollowUp = (
  incidentId: string,
  body: z.input<typeof IncidentFollowUpInputSchema>,
): Promise<StaffIncident> => callApi(incidentsApi.addFollowUp, { params: { incidentId }, body });

/** GET the family's reports, newest first. */
export const getFamilyIncidents = (signal?: AbortSignal): Promise<FamilyIncidentList> =>
  callApi(incidentsApi.familyList, { signal });

/** GET the family's copy of one report (404 for another family's). */
export const getFamilyIncident = (incidentId: string, signal?: AbortSignal): Promise<FamilyIncident> =>
  callApi(incidentsApi.familyIncident, { params: { incidentId }, signal });

/** POST the parent's signature on the copy they read. */
export const acknowledgeIncident = (
  incidentId: string,
  body: IncidentAcknowledgeFormInput,
): Promise<FamilyIncident> => callApi(incidentsApi.acknowledge, { params: { incidentId }, body });
