/**
 * The catalog's reads for the public pages. The server renderer (entry-server.tsx) answers the same keys
 * before it renders /sessions and /sessions/{id}, so in the browser those pages hydrate from its answers.
 */
import { useQuery } from '@tanstack/react-query';
import { getClassSession, getClassSessions } from '../../api/class-sessions.ts';
import { classSessionKeys } from '../../api/query-keys.ts';
import { failedWith } from '../forms/feedback.ts';

/** The sessions open to browse (GET /api/ClassSession?active=true). */
export function useActiveClassSessions() {
  return useQuery({
    queryKey: classSessionKeys.active(),
    queryFn: ({ signal }) => getClassSessions(true, signal),
  });
}

/** One session (GET /api/ClassSession/{id}); null when the API knows no such session (404). */
export function useClassSession(classSessionId: string) {
  return useQuery({
    queryKey: classSessionKeys.publicDetail(classSessionId),
    queryFn: ({ signal }) =>
      getClassSession(classSessionId, signal).catch((error: unknown) => {
        if (failedWith(error, 404, 400)) return null;
        throw error;
      }),
  });
}
