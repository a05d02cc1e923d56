/**
 * The medication log as TanStack query options (docs/architecture.md, "Web"): each names its key
 * (query-keys.ts) and its call once, for the page's `useQuery` and the route's loader.
 */
import type { MedicationLogQuery } from '@lc/contract';
import { queryOptions } from '@tanstack/react-query';
import { getFamilyMedication, getSessionMedication } from '../medication.ts';
import { medicationKeys } from '../query-keys.ts';

export const medicationQueries = {
  session: (classSessionId: number, query: MedicationLogQuery) =>
    queryOptions({
      queryKey: medicationKeys.session(classSessionId, query),
      queryFn: ({ signal }) => getSessionMedication(classSessionId, query, signal),
    }),
  family: (studentId: string) =>
    queryOptions({
      queryKey: medicationKeys.family(studentId),
      queryFn: ({ signal }) => getFamilyMedication(studentId, signal),
    }),
};
