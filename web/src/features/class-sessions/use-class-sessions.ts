import type { ClassSession } from '@lc/contract';
import { getClassSession, getClassSessions } from '../../api/class-sessions.ts';
import { useLoad } from '../../lib/use-load.ts';

/** The sessions open to browse (GET /api/ClassSession?active=true). */
export function useActiveClassSessions() {
  return useLoad<ClassSession[]>('active', (signal) => getClassSessions(true, signal));
}

/** One session (GET /api/ClassSession/{id}); an unknown id ends in an ApiError 404. */
export function useClassSession(classSessionId: string | undefined) {
  return useLoad<ClassSession>(`session:${classSessionId}`, (signal) =>
    getClassSession(classSessionId, signal),
  );
}
