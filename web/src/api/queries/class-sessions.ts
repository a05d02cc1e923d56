/**
 * The catalog's reads as TanStack query options (docs/architecture.md, "Web"): each names its key
 * (query-keys.ts) and its call once, for the page's `useQuery`, the route's loader that starts it early
 * (router.tsx) and the server renderer, which answers the same keys (entry-server.tsx).
 */
import { queryOptions } from '@tanstack/react-query';
import { getClassSession, getClassSessions } from '../class-sessions.ts';
import { ApiError } from '../client.ts';
import { classSessionKeys } from '../query-keys.ts';

/** An id the API could never know (not a positive whole number) is "not found" without asking it. */
const PUBLIC_ID_PATTERN = /^[1-9]\d{0,15}$/;

/** Whether the public session page's `:classSessionId` can name a session at all (else: not found, no call). */
export function isPublicSessionId(value: string | undefined): value is string {
  return value !== undefined && PUBLIC_ID_PATTERN.test(value);
}

export const classSessionQueries = {
  /** The sessions open to browse (GET /api/ClassSession?active=true). */
  active: () =>
    queryOptions({
      queryKey: classSessionKeys.active(),
      queryFn: ({ signal }) => getClassSessions(true, signal),
    }),
  /** One session for the public page (GET /api/ClassSession/{id}); null when the API knows no such session. */
  publicDetail: (classSessionId: string) =>
    queryOptions({
      queryKey: classSessionKeys.publicDetail(classSessionId),
      queryFn: ({ signal }) =>
        getClassSession(classSessionId, signal).catch((error: unknown) => {
          // 404, or 400 for an id the API rejects: the page says "not found".
          if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
          throw error;
        }),
    }),
  /** One session (GET /api/ClassSession/{id}); a 404 is an error (the portal's session page). */
  detail: (classSessionId: number) =>
    queryOptions({
      queryKey: classSessionKeys.detail(classSessionId),
      queryFn: ({ signal }) => getClassSession(classSessionId, signal),
    }),
};
