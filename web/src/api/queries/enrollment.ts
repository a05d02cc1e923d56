/**
 * The family's enrollment reads as TanStack query options (docs/architecture.md, "Web"): enrollments,
 * waitlist places, a checkout's confirmation, payments, announcements and resources. Each names its key
 * (query-keys.ts) and its call once, for the page's `useQuery` and the route's loader (router.tsx).
 */
import type { ClassSession, SessionStudent, WaitlistSubmission } from '@lc/contract';
import { queryOptions } from '@tanstack/react-query';
import { getClassSession } from '../class-sessions.ts';
import {
  getAnnouncements,
  getConfirmation,
  getEnrollments,
  getFamilyAccount,
  getPayments,
  getSessionAnnouncements,
  getSessionResources,
  getSessionStudents,
  getWaitlistPlaces,
  verifyEligibility,
} from '../enrollment.ts';
import { enrollmentKeys } from '../query-keys.ts';

/** What the enroll and waitlist pages load for one session, together. */
export type SessionFamily = {
  session: ClassSession;
  students: SessionStudent[];
  /** A sentence for the family, e.g. "Maya can enroll now. Theo is enrolled in Winter Morning Session." */
  eligibility: string;
};

/** An id the API could never know (not a positive whole number) names no session: no need to ask. */
const SESSION_ID_PATTERN = /^[1-9]\d{0,9}$/;

/** Whether a `:classSessionId` route parameter of the enroll and waitlist pages can name a session at all. */
export function isSessionIdParam(value: string | undefined): value is string {
  return value !== undefined && SESSION_ID_PATTERN.test(value);
}

/** Places that still hold a child's turn (waiting, or a seat offered and saved for them). */
const OPEN_PLACES = new Set<WaitlistSubmission['status']>(['Waiting', 'Offered']);

export const enrollmentQueries = {
  /** GET /api/ClassSessionEnrollment: the family's enrollments. */
  enrollments: () =>
    queryOptions({ queryKey: enrollmentKeys.enrollments(), queryFn: ({ signal }) => getEnrollments(signal) }),
  /** GET …/Waitlist: the family's waitlist places. */
  waitlist: () =>
    queryOptions({ queryKey: enrollmentKeys.waitlist(), queryFn: ({ signal }) => getWaitlistPlaces(signal) }),
  /** The family's open waitlist places in one session (from GET …/Waitlist). */
  waitlistIn: (classSessionId: number) =>
    queryOptions({
      queryKey: enrollmentKeys.waitlistIn(classSessionId),
      queryFn: async ({ signal }) => {
        const places = await getWaitlistPlaces(signal);
        return places.filter((p) => p.classSessionId === classSessionId && OPEN_PLACES.has(p.status));
      },
    }),
  /**
   * The session (GET /api/ClassSession/{id}), the family's children with what each may do in it
   * (GET /api/ClassSessionEnrollment/{id}) and the eligibility sentence (GET …/{id}/VerifyEligibility).
   */
  sessionFamily: (classSessionId: string) =>
    queryOptions({
      queryKey: enrollmentKeys.sessionFamily(classSessionId),
      queryFn: async ({ signal }): Promise<SessionFamily> => {
        const [session, students, eligibility] = await Promise.all([
          getClassSession(classSessionId, signal),
          getSessionStudents(classSessionId, signal),
          verifyEligibility(classSessionId, signal),
        ]);
        return { session, students, eligibility: eligibility.trim() };
      },
    }),
  /** GET …/Confirmation/{checkoutId}: settles the checkout; `failed` when the parent came back cancelling. */
  confirmation: (outcome: 'successful' | 'failed', checkoutId: string | undefined) =>
    queryOptions({
      queryKey: enrollmentKeys.confirmation(outcome, checkoutId),
      queryFn: ({ signal }) => getConfirmation(checkoutId, signal, outcome === 'failed'),
    }),
  /** GET /api/Billing: the family's payments. */
  payments: () =>
    queryOptions({ queryKey: enrollmentKeys.payments(), queryFn: ({ signal }) => getPayments(signal) }),
  /** GET /api/Billing/Account: the family's account (issue 23). */
  account: () =>
    queryOptions({ queryKey: enrollmentKeys.account(), queryFn: ({ signal }) => getFamilyAccount(signal) }),
  /** GET /api/Announcement: the family's announcements. */
  announcements: () =>
    queryOptions({
      queryKey: enrollmentKeys.announcements(),
      queryFn: ({ signal }) => getAnnouncements(signal),
    }),
  /** GET /api/Announcement/ClassSession/{id}. */
  sessionAnnouncements: (classSessionId: number) =>
    queryOptions({
      queryKey: enrollmentKeys.sessionAnnouncements(classSessionId),
      queryFn: ({ signal }) => getSessionAnnouncements(classSessionId, signal),
    }),
  /** GET /api/ClassSession/{id}/Resources. */
  sessionResources: (classSessionId: number) =>
    queryOptions({
      queryKey: enrollmentKeys.sessionResources(classSessionId),
      queryFn: ({ signal }) => getSessionResources(classSessionId, signal),
    }),
};
