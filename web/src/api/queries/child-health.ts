/** A child's health record as TanStack query options (docs/architecture.md, "Web"): key and call written once. */
import { queryOptions } from '@tanstack/react-query';
import {
  getChildHealth,
  getHealthSummary,
  getProgramRequirements,
  getSessionCompliance,
  getStaffChildHealth,
} from '../child-health.ts';
import { healthKeys } from '../query-keys.ts';

export const healthQueries = {
  child: (studentId: string) =>
    queryOptions({
      queryKey: healthKeys.child(studentId),
      queryFn: ({ signal }) => getChildHealth(studentId, signal),
    }),
  summary: () =>
    queryOptions({ queryKey: healthKeys.summary(), queryFn: ({ signal }) => getHealthSummary(signal) }),
  staffChild: (studentId: string) =>
    queryOptions({
      queryKey: healthKeys.staffChild(studentId),
      queryFn: ({ signal }) => getStaffChildHealth(studentId, signal),
    }),
  session: (classSessionId: number, incomplete: boolean) =>
    queryOptions({
      queryKey: healthKeys.session(classSessionId, incomplete),
      queryFn: ({ signal }) => getSessionCompliance(classSessionId, incomplete, signal),
    }),
  requirements: () =>
    queryOptions({
      queryKey: healthKeys.requirements(),
      queryFn: ({ signal }) => getProgramRequirements(signal),
    }),
};
