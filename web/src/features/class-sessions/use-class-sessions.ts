/**
 * The catalog's reads for the public pages (api/queries/class-sessions.ts). The server renderer
 * (entry-server.tsx) answers the same keys before it renders /sessions and /sessions/{id}, so in the browser
 * those pages hydrate from its answers; on a later visit the route's loader has started the read.
 */
import { useQuery } from '@tanstack/react-query';
import { classSessionQueries } from '../../api/queries/class-sessions.ts';

/** The sessions open to browse (GET /api/ClassSession?active=true). */
export function useActiveClassSessions() {
  return useQuery(classSessionQueries.active());
}

/** One session (GET /api/ClassSession/{id}); null when the API knows no such session (404). */
export function useClassSession(classSessionId: string) {
  return useQuery(classSessionQueries.publicDetail(classSessionId));
}
