/**
 * What each page reads on arrival, for its route's loader (router.tsx, lib/route-prefetch.ts;
 * docs/architecture.md, "Web"): the same query options as the page's own `useQuery`, from `api/queries/`.
 *
 * Those modules are loaded on demand, not with the app: they bring their part of the API table and its
 * schemas, which the home page's first download does without (decision 009). Each is a chunk the page's own
 * code imports too, so nothing is downloaded twice, and the request starts as soon as it has arrived (at
 * once once a page of that area has been opened), while the rest of the page's code is still on its way.
 * A parameter the page itself treats as "not found" starts nothing.
 */
import { parseClassSessionId } from '@lc/contract';
// Already part of the app's own code: the portal's email notice reads the account on every portal page.
import { accountQueries } from './api/queries/account';
import type { PageAddress, PagePrefetch, StartQuery } from './lib/route-prefetch';

const catalog = () => import('./api/queries/class-sessions');
const conversations = () => import('./api/queries/conversations');
const enrollment = () => import('./api/queries/enrollment');
const family = () => import('./api/queries/family');
const familySharing = () => import('./api/queries/family-sharing');
const passes = () => import('./api/queries/passes');
const dayFeed = () => import('./api/queries/day-feed');
const incidents = () => import('./api/queries/incidents');
const health = () => import('./api/queries/child-health');
const medication = () => import('./api/queries/medication');

/** Starts a page's queries once the query options `load` brings have arrived. */
type Reads<M> = (queries: M, address: PageAddress, query: StartQuery) => void;

/** A page anyone may open. */
function anyone<M>(load: () => Promise<M>, start: Reads<M>): PagePrefetch {
  return { start: async (address, query) => start(await load(), address, query) };
}

/** A page behind the sign-in guard: nothing is asked for a visitor who is signed out. */
function signedIn<M>(load: () => Promise<M>, start: Reads<M>): PagePrefetch {
  return { ...anyone(load, start), signedIn: true };
}

export const pageReads = {
  sessions: anyone(catalog, ({ classSessionQueries }, _, query) => query(classSessionQueries.active())),
  session: anyone(catalog, ({ classSessionQueries, isPublicSessionId }, { params }, query) => {
    if (isPublicSessionId(params.classSessionId))
      query(classSessionQueries.publicDetail(params.classSessionId));
  }),
  checkoutReturn: (outcome: 'successful' | 'failed') =>
    anyone(enrollment, ({ enrollmentQueries }, { params }, query) =>
      query(enrollmentQueries.confirmation(outcome, params.checkoutId)),
    ),
  confirmEmail: { start: ({ params }, query) => query(accountQueries.emailConfirmation(params.token)) },
  dashboard: signedIn(
    () => Promise.all([family(), enrollment()]),
    ([{ familyQueries }, { enrollmentQueries }], _, query) => {
      query(familyQueries.childrenAndContacts());
      query(enrollmentQueries.enrollments());
      query(enrollmentQueries.waitlist());
      query(enrollmentQueries.announcements());
    },
  ),
  students: signedIn(family, ({ familyQueries }, _, query) => query(familyQueries.students())),
  /** A child's page (editing them, or adding an allergy). */
  student: signedIn(family, ({ familyQueries }, { params }, query) =>
    query(familyQueries.student(params.studentId)),
  ),
  contacts: signedIn(family, ({ familyQueries }, _, query) => query(familyQueries.childrenAndContacts())),
  /** A new emergency contact, or one to edit. */
  contact: signedIn(family, ({ familyQueries }, { params }, query) =>
    query(familyQueries.contactForm(params.trusteeId)),
  ),
  billing: signedIn(enrollment, ({ enrollmentQueries }, _, query) => query(enrollmentQueries.payments())),
  mySessions: signedIn(enrollment, ({ enrollmentQueries }, _, query) => {
    query(enrollmentQueries.enrollments());
    query(enrollmentQueries.waitlist());
  }),
  mySession: signedIn(
    () => Promise.all([catalog(), enrollment()]),
    ([{ classSessionQueries }, { enrollmentQueries }], { params }, query) => {
      const id = parseClassSessionId(params.classSessionId ?? '');
      if (id === null) return;
      query(classSessionQueries.detail(id));
      query(enrollmentQueries.enrollments());
      query(enrollmentQueries.sessionAnnouncements(id));
      query(enrollmentQueries.sessionResources(id));
    },
  ),
  attendance: signedIn(
    () => Promise.all([family(), passes()]),
    ([{ familyQueries }, { attendanceQueryOf, passQueries }], { url }, query) => {
      query(familyQueries.students());
      query(passQueries.attendance(attendanceQueryOf(url.searchParams)));
    },
  ),
  /** A child's day (issue 25): the newest week of days, or those before `before`. */
  /** A child's health record (issue 26). */
  childHealth: signedIn(health, ({ healthQueries }, { params }, query) =>
    query(healthQueries.child(params.studentId ?? '')),
  ),
  /** A child's medication log (issue 26). */
  childMedication: signedIn(medication, ({ medicationQueries }, { params }, query) =>
    query(medicationQueries.family(params.studentId ?? '')),
  ),
  childFeed: signedIn(dayFeed, ({ dayFeedQueries }, { params, url }, query) =>
    query(dayFeedQueries.childFeed(params.studentId ?? '', url.searchParams.get('before') ?? undefined)),
  ),
  /** The family's incident reports (issue 26), and one report to read and sign. */
  incidents: signedIn(incidents, ({ incidentQueries }, _, query) => query(incidentQueries.familyList())),
  incident: signedIn(incidents, ({ incidentQueries }, { params }, query) =>
    query(incidentQueries.family(params.incidentId ?? '')),
  ),
  family: signedIn(familySharing, ({ familySharingQueries }, _, query) =>
    query(familySharingQueries.family()),
  ),
  joinFamily: signedIn(familySharing, ({ familySharingQueries }, { params }, query) =>
    query(familySharingQueries.invitation(params.token ?? '')),
  ),
  /** The family's conversation with the center (issue 25): its newest page. */
  messages: signedIn(conversations, ({ conversationQueries }, _, query) =>
    query(conversationQueries.family()),
  ),
  notifications: signedIn(conversations, ({ conversationQueries }, _, query) =>
    query(conversationQueries.notificationSettings()),
  ),
  /** The enroll and waitlist pages: the session, the family's children for it and their eligibility. */
  sessionFamily: signedIn(enrollment, ({ enrollmentQueries, isSessionIdParam }, { params }, query) => {
    if (isSessionIdParam(params.classSessionId))
      query(enrollmentQueries.sessionFamily(params.classSessionId));
  }),
} satisfies Record<string, PagePrefetch | ((outcome: 'successful' | 'failed') => PagePrefetch)>;
