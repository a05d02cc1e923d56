/**
 * Incident reports as TanStack query options (docs/architecture.md, "Web"): each names its key
 * (query-keys.ts) and its call once, for the page's `useQuery` and the route's loader.
 */
import type { StaffIncidentsQuery } from '@lc/contract';
import { queryOptions } from '@tanstack/react-query';
import { getFamilyIncident, getFamilyIncidents, getStaffIncident, getStaffIncidents } from '../incidents.ts';
import { incidentKeys } from '../query-keys.ts';

export const incidentQueries = {
  familyList: () =>
    queryOptions({
      queryKey: incidentKeys.familyList(),
      queryFn: ({ signal }) => getFamilyIncidents(signal),
    }),
  family: (incidentId: string) =>
    queryOptions({
      queryKey: incidentKeys.family(incidentId),
      queryFn: ({ signal }) => getFamilyIncident(incidentId, signal),
    }),
  staffList: (query: Partial<StaffIncidentsQuery>) =>
    queryOptions({
      queryKey: incidentKeys.staffList(query),
      queryFn: ({ signal }) => getStaffIncidents(query, signal),
    }),
  staff: (incidentId: string) =>
    queryOptions({
      queryKey: incidentKeys.staff(incidentId),
      queryFn: ({ signal }) => getStaffIncident(incidentId, signal),
    }),
};
