/**
 * What the enroll and waitlist pages load for one session: the session itself (GET /api/ClassSession/{id}),
 * the family's children with what each may do in it (GET /api/ClassSessionEnrollment/{id}) and the
 * family's eligibility sentence (GET …/{id}/VerifyEligibility). An unknown session ends in a 404.
 */
import { useQuery } from '@tanstack/react-query';
import { enrollmentQueries } from '../../api/queries/enrollment.ts';
import { failedWith } from '../forms/feedback.ts';

export { isSessionIdParam, type SessionFamily } from '../../api/queries/enrollment.ts';

/** True when a load failed because the session does not exist (404; 400 for an id the API rejects). */
export function isUnknownSession(error: unknown): boolean {
  return failedWith(error, 404, 400);
}

/** The session, the family's children for it and the eligibility sentence, loaded together. */
export function useSessionFamily(classSessionId: string) {
  return useQuery(enrollmentQueries.sessionFamily(classSessionId));
}
