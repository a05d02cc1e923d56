/**
 * What the enroll and waitlist pages load for one session: the session itself (GET /api/ClassSession/{id}),
 * the family's children with what each may do in it (GET /api/ClassSessionEnrollment/{id}) and the
 * family's eligibility sentence (GET …/{id}/VerifyEligibility). An unknown session ends in a 404.
 */
import type { ClassSession, SessionStudent } from '@lc/contract';
import { useQuery } from '@tanstack/react-query';
import { getClassSession } from '../../api/class-sessions.ts';
import { getSessionStudents, verifyEligibility } from '../../api/enrollment.ts';
import { enrollmentKeys } from '../../api/query-keys.ts';
import { failedWith } from '../forms/feedback.ts';

export type SessionFamily = {
  session: ClassSession;
  students: SessionStudent[];
  /** A sentence for the family, e.g. "Maya can enroll now. Theo is enrolled in Winter Morning Session." */
  eligibility: string;
};

/** An id the API could never know (not a positive whole number) names no session: no need to ask. */
const ID_PATTERN = /^[1-9]\d{0,9}$/;

/** Whether a `:classSessionId` route parameter can name a session at all. */
export function isSessionIdParam(value: string | undefined): value is string {
  return value !== undefined && ID_PATTERN.test(value);
}

/** True when a load failed because the session does not exist (404; 400 for an id the API rejects). */
export function isUnknownSession(error: unknown): boolean {
  return failedWith(error, 404, 400);
}

/** The session, the family's children for it and the eligibility sentence, loaded together. */
export function useSessionFamily(classSessionId: string) {
  return useQuery({
    queryKey: enrollmentKeys.sessionFamily(classSessionId),
    queryFn: async ({ signal }): Promise<SessionFamily> => {
      const [session, students, eligibility] = await Promise.all([
        getClassSession(classSessionId, signal),
        getSessionStudents(classSessionId, signal),
        verifyEligibility(classSessionId, signal),
      ]);
      return { session, students, eligibility: eligibility.trim() };
    },
  });
}
