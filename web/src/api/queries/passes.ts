/**
 * The family's side of pickup passes and attendance (issue 11) as TanStack query options
 * (docs/architecture.md, "Web"): each names its key (query-keys.ts) and its call once, for the page's
 * `useQuery` and the route's loader (router.tsx).
 */
import { type AttendanceQuery, AttendanceQuerySchema } from '@lc/contract';
import { queryOptions } from '@tanstack/react-query';
import { getFamilyAttendance } from '../passes.ts';
import { passKeys } from '../query-keys.ts';

/**
 * The attendance page's filters (child, from, to) as its address carries them, so a filtered view can be
 * reloaded or bookmarked; none when the address's are not valid.
 */
export function attendanceQueryOf(search: URLSearchParams): AttendanceQuery {
  const parsed = AttendanceQuerySchema.safeParse(Object.fromEntries(search));
  return parsed.success
    ? { studentId: parsed.data.studentId, from: parsed.data.from, to: parsed.data.to }
    : {};
}

export const passQueries = {
  /** `getFamilyAttendance` with the page's filters: the family's drop-offs and pickups, newest first. */
  attendance: (query: AttendanceQuery) =>
    queryOptions({
      queryKey: passKeys.attendance(query),
      queryFn: ({ signal }) => getFamilyAttendance(query, signal),
    }),
};
