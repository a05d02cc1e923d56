import type { ClassSession } from '@lc/contract';
import { getClassSession, getClassSessions } from '../../api/class-sessions.ts';
import { ApiError } from '../../api/client.ts';
import { useLoad } from '../../lib/use-load.ts';

/** The keys these loads are stored under; the server renderer seeds the same keys (entry-server.tsx). */
export const catalogLoadKeys = {
  active: 'sessions:active',
  session: (classSessionId: string) => `session:${classSessionId}`,
} as const;

/** The sessions open to browse (GET /api/ClassSession?active=true). */
export function useActiveClassSessions() {
  return useLoad<ClassSession[]>(catalogLoadKeys.active, (signal) => getClassSessions(true, signal));
}

/** One session (GET /api/ClassSession/{id}); null when the API knows no such session (404). */
export function useClassSession(classSessionId: string) {
  return useLoad<ClassSession | null>(catalogLoadKeys.session(classSessionId), (signal) =>
    getClassSession(classSessionId, signal).catch((error: unknown) => {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
      throw error;
    }),
  );
}
