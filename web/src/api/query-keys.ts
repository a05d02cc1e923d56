/**
 * TanStack Query keys, one factory per API area (issue 22: one server-state layer for every page). A key
 * starts with its area, then names what is read, most general first, so a write can invalidate a whole area
 * (`familyKeys.all`) or one read (`familySharingKeys.family()`) by prefix. A read's query options, its key
 * with its call, are in `api/queries/<area>.ts`: the page's `useQuery`, its route's loader (router.tsx) and
 * the server renderer (entry-server.tsx) all take them from there, so a hydrated page finds its data.
 *
 * Objects in a key (a filter) are hashed by value, whatever their property order.
 */
import type { AttendanceQuery } from '@lc/contract';

/** api/auth.ts: the signed-in parent's account. */
export const accountKeys = {
  all: ['account'] as const,
  /** GET /api/UserAuthentication/Me (`getAccount`). */
  me: () => [...accountKeys.all, 'me'] as const,
  /** The confirmation link's POST, made once on arriving at /confirm-email/{token}. */
  emailConfirmation: (token: string | undefined) =>
    [...accountKeys.all, 'email-confirmation', token] as const,
};

/** api/class-sessions.ts: the catalog. */
export const classSessionKeys = {
  all: ['class-sessions'] as const,
  /** GET /api/ClassSession?active=true: the sessions open to browse. */
  active: () => [...classSessionKeys.all, 'active'] as const,
  /** GET /api/ClassSession/{id}; a 404 is an error (the portal's session page). */
  detail: (classSessionId: number | string) =>
    [...classSessionKeys.all, 'detail', String(classSessionId)] as const,
  /** The public session page's read of GET /api/ClassSession/{id}: null, not an error, for an unknown id. */
  publicDetail: (classSessionId: string) =>
    [...classSessionKeys.all, 'public-detail', classSessionId] as const,
};

/** api/enrollment.ts: enrollments, waitlists, checkout, billing, announcements and resources. */
export const enrollmentKeys = {
  all: ['enrollment'] as const,
  /** GET /api/ClassSessionEnrollment: the family's enrollments. */
  enrollments: () => [...enrollmentKeys.all, 'enrollments'] as const,
  /** GET …/Waitlist: the family's waitlist places. */
  waitlist: () => [...enrollmentKeys.all, 'waitlist'] as const,
  /** The family's open waitlist places in one session (from GET …/Waitlist). */
  waitlistIn: (classSessionId: number) => [...enrollmentKeys.waitlist(), 'session', classSessionId] as const,
  /** The session, the family's children for it and the eligibility sentence (enroll and waitlist pages). */
  sessionFamily: (classSessionId: string) =>
    [...enrollmentKeys.all, 'session-family', classSessionId] as const,
  /** GET …/Confirmation/{checkoutId}, as the return page for `outcome` asks it. */
  confirmation: (outcome: 'successful' | 'failed', checkoutId: string | undefined) =>
    [...enrollmentKeys.all, 'confirmation', outcome, checkoutId] as const,
  /** GET /api/Billing: the family's payments. */
  payments: () => [...enrollmentKeys.all, 'payments'] as const,
  /** GET /api/Billing/Account: the family's account (issue 23). */
  account: () => [...enrollmentKeys.all, 'account'] as const,
  /** GET /api/Billing/Autopay: the saved method, the instalments to come, the latest attempts (issue 23). */
  autopay: () => [...enrollmentKeys.all, 'autopay'] as const,
  /** GET /api/Billing/Statements: the months and years with statements (issue 23). */
  statements: () => [...enrollmentKeys.all, 'statements'] as const,
  /** GET /api/Billing/Split: how the two parents share the bills (issue 23). */
  split: () => [...enrollmentKeys.all, 'split'] as const,
  /** GET /api/Announcement: the family's announcements. */
  announcements: () => [...enrollmentKeys.all, 'announcements'] as const,
  /** GET /api/Announcement/ClassSession/{id}. */
  sessionAnnouncements: (classSessionId: number) =>
    [...enrollmentKeys.announcements(), 'session', classSessionId] as const,
  /** GET /api/ClassSession/{id}/Resources. */
  sessionResources: (classSessionId: number) => [...enrollmentKeys.all, 'resources', classSessionId] as const,
};

/** api/withdraw.ts: a parent withdrawing their own child (issue 13). */
export const withdrawKeys = {
  all: ['withdraw'] as const,
  /** GET /api/ClassSessionEnrollment/{enrollmentId}/Withdrawal: the refund withdrawing today gives. */
  quote: (enrollmentId: string) => [...withdrawKeys.all, 'quote', enrollmentId] as const,
};

/** api/family.ts: children, allergies and emergency contacts. */
export const familyKeys = {
  all: ['family'] as const,
  /** `getStudents`: the family's children. */
  students: () => [...familyKeys.all, 'students'] as const,
  /** `getStudent`. */
  student: (studentId: string | undefined) => [...familyKeys.students(), studentId] as const,
  /** The children and the emergency contacts, read together (the portal's overview and contacts page). */
  childrenAndContacts: () => [...familyKeys.all, 'children-and-contacts'] as const,
  /** The children, and one contact to edit (none for a new contact). */
  contactForm: (trusteeId: string | undefined) =>
    [...familyKeys.all, 'contact-form', trusteeId ?? 'new'] as const,
};

/** api/family-sharing.ts: co-parents (issue 13). */
export const familySharingKeys = {
  all: ['family-sharing'] as const,
  /** GET /api/Family: who shares the portal, and the invitations still open. */
  family: () => [...familySharingKeys.all, 'family'] as const,
  /** GET /api/Family/Calendar: the center's closures for the family's children (issue 24). */
  calendar: () => [...familySharingKeys.all, 'calendar'] as const,
  /** GET /api/Family/CalendarFeed: whether this parent's calendar link is on. */
  calendarFeed: () => [...familySharingKeys.all, 'calendar-feed'] as const,
  /** `previewInvitation`: what an invitation link offers. */
  invitation: (token: string) => [...familySharingKeys.all, 'invitation', token] as const,
};

/** api/passes.ts, the family's side: pickup passes and attendance (issue 11). */
export const passKeys = {
  all: ['passes'] as const,
  /** `getPassState`: an adult's pass, whether one can be issued, and its photo. */
  state: (trusteeId: string) => [...passKeys.all, 'state', trusteeId] as const,
  /** `getPassCard` for the pass `passId` (a re-issued pass is another card). */
  card: (trusteeId: string, passId: string) => [...passKeys.all, 'card', trusteeId, passId] as const,
  /** `getFamilyAttendance` with the page's filters. */
  attendance: (query: AttendanceQuery) => [...passKeys.all, 'attendance', query] as const,
};

/** api/conversations.ts, the family's side and each person's settings: messages with the center (issue 25). */
export const conversationKeys = {
  all: ['conversations'] as const,
  /** GET /api/Messages: the newest page, or the messages matching `q` ('' for none). */
  family: (q: string) => [...conversationKeys.all, 'family', q] as const,
  /** GET /api/Messages/Unread: the portal navigation's count. */
  familyUnread: () => [...conversationKeys.all, 'family-unread'] as const,
  /** GET /api/UserAuthentication/Notifications: the signed-in person's settings (a parent's or a staff member's). */
  notificationSettings: () => [...conversationKeys.all, 'notification-settings'] as const,
};

/** api/push.ts: web push on this person's devices (issue 25 "On the phone"). */
export const pushKeys = {
  all: ['push'] as const,
  /** GET /api/Push/Key: the VAPID public key. */
  key: () => [...pushKeys.all, 'key'] as const,
  /** GET /api/Push/Subscriptions: the signed-in person's devices. */
  devices: () => [...pushKeys.all, 'devices'] as const,
};

type Id = number | string | undefined;

/**
 * The staff back office's keys (issue 10), the only way its pages and features name a query: every key is
 * under `staffKeys.all`, which a staff write that changes more than one list invalidates, except the
 * withdrawal preview (features/staff/withdraw-dialog.tsx), kept apart so that refresh does not ask for it
 * again. lib/query-client.ts gives both areas the staff rules (decision 010).
 */
export const staffKeys = {
  all: ['staff'] as const,
  me: () => [...staffKeys.all, 'me'] as const,
  /** The staff home (issue 24). */
  today: () => [...staffKeys.all, 'today'] as const,
  /** The center's calendar (issue 24). */
  closures: (query: unknown) => [...staffKeys.all, 'closures', query] as const,
  /** The calendar's week or month of sessions and closures (issue 24). */
  calendar: (query: unknown) => [...staffKeys.all, 'closures', 'calendar', query] as const,
  /** Published tour times (decision 028). */
  tourSlots: () => [...staffKeys.all, 'tour-slots'] as const,
  team: () => [...staffKeys.all, 'team'] as const,
  /** `query`: a list's URL filters, or the named choice lists below. */
  sessions: (query: unknown) => [...staffKeys.all, 'sessions', query] as const,
  announcementChoices: () => staffKeys.sessions('announcement-choices'),
  /** Every session, newest first: the payments' and the attendance history's session filter. */
  sessionFilterChoices: () =>
    staffKeys.sessions({ period: 'all', pageSize: 100, sort: 'start', dir: 'desc' }),
  session: (classSessionId: Id) => [...staffKeys.all, 'session', classSessionId] as const,
  roster: (classSessionId: Id) => [...staffKeys.all, 'roster', classSessionId] as const,
  enrollments: (classSessionId: Id) => [...staffKeys.all, 'enrollments', classSessionId] as const,
  resources: (classSessionId: number) => [...staffKeys.all, 'resources', classSessionId] as const,
  programs: () => [...staffKeys.all, 'programs'] as const,
  policies: () => [...staffKeys.all, 'policies'] as const,
  report: (kind: string, query: unknown) => [...staffKeys.all, 'report', kind, query] as const,
  /** An inspector's records of a session over a range of days (issue 26). */
  inspection: (classSessionId: number, query: unknown) =>
    [...staffKeys.all, 'inspection', classSessionId, query] as const,
  audit: (query: unknown) => [...staffKeys.all, 'audit', query] as const,
  families: (query: unknown) => [...staffKeys.all, 'families', query] as const,
  family: (userId: Id) => [...staffKeys.all, 'family', userId] as const,
  child: (studentId: Id) => [...staffKeys.all, 'child', studentId] as const,
  children: (search: string) => [...staffKeys.all, 'children', search] as const,
  /** Each chosen child's refund by the policy today (issue 24). */
  bulkWithdrawPreview: (classSessionId: number, studentIds: readonly string[]) =>
    [...staffKeys.all, 'bulk-withdraw-preview', classSessionId, studentIds] as const,
  /** What moving the chosen children of a roster to `toId` would do (issue 24). */
  bulkMovePreview: (classSessionId: number, studentIds: readonly string[], toId: string) =>
    [...staffKeys.all, 'bulk-move-preview', classSessionId, studentIds, toId] as const,
  moveTargets: (classSessionId: number, studentId: string) =>
    [...staffKeys.all, 'move-targets', classSessionId, studentId] as const,
  payments: (query: unknown) => [...staffKeys.all, 'payments', query] as const,
  /** The aging report (issue 23). */
  balances: (query: unknown) => [...staffKeys.all, 'balances', query] as const,
  failedPayments: () => [...staffKeys.all, 'failed-payments'] as const,
  revenue: (year: number | undefined) => [...staffKeys.all, 'revenue', year ?? 'this year'] as const,
  announcements: () => [...staffKeys.all, 'announcements'] as const,
  announcementList: (query: unknown) => [...staffKeys.announcements(), 'list', query] as const,
  announcement: (id: Id) => [...staffKeys.announcements(), 'one', id] as const,
  /** `sessionIds`: the chosen sessions' ids as the composer keeps them, joined by commas. */
  announcementReach: (sessionIds: string) => [...staffKeys.all, 'announcement-reach', sessionIds] as const,
  /** Who a message to the chosen rows reaches (issue 24): the chosen family and child ids. */
  familyMessageReach: (targets: unknown) => [...staffKeys.all, 'family-message-reach', targets] as const,
  inbox: () => [...staffKeys.all, 'inbox'] as const,
  inboxSummary: () => [...staffKeys.inbox(), 'summary'] as const,
  inboxList: (query: unknown) => [...staffKeys.inbox(), 'list', query] as const,
  inboxItems: () => [...staffKeys.inbox(), 'item'] as const,
  inboxItem: (id: Id) => [...staffKeys.inboxItems(), id] as const,
  /** Families' conversations with the center (issue 25). */
  conversations: () => [...staffKeys.all, 'conversations'] as const,
  /** The sidebar's count of conversations with a message the reader has not read. */
  conversationSummary: () => [...staffKeys.conversations(), 'summary'] as const,
  conversationList: (query: unknown) => [...staffKeys.conversations(), 'list', query] as const,
  /** One conversation: its newest page, or the messages matching `q` ('' for none). */
  conversation: (id: Id, q: string) => [...staffKeys.conversations(), 'one', id, q] as const,
  attendance: () => [...staffKeys.all, 'attendance'] as const,
  attendanceToday: () => [...staffKeys.attendance(), 'today'] as const,
  attendanceHistory: (query: unknown) => [...staffKeys.attendance(), 'history', query] as const,
  kiosks: () => [...staffKeys.all, 'kiosks'] as const,
  /** Not under `['staff']` (see above). */
  withdrawPreviews: ['withdraw-preview'] as const,
  withdrawPreview: (classSessionId: number, studentId: string) =>
    [...staffKeys.withdrawPreviews, classSessionId, studentId] as const,
};

/** The day's notes and photos (issue 25): the teacher's day of a session, a child's feed, consent, summary. */
export const dayFeedKeys = {
  all: ['day-feed'] as const,
  staffDay: (classSessionId: number) => [...dayFeedKeys.all, 'staff-day', classSessionId] as const,
  childFeeds: (studentId: string) => [...dayFeedKeys.all, 'child', studentId] as const,
  childFeed: (studentId: string, before?: string) =>
    [...dayFeedKeys.childFeeds(studentId), 'feed', before ?? 'newest'] as const,
  photoConsent: (studentId: string) => [...dayFeedKeys.childFeeds(studentId), 'consent'] as const,
  dailySummary: () => [...dayFeedKeys.all, 'daily-summary'] as const,
};

/** Incident reports (issue 26): the family's list and copies, the staff's list and reports. */
export const incidentKeys = {
  all: ['incidents'] as const,
  familyList: () => [...incidentKeys.all, 'family'] as const,
  family: (incidentId: string) => [...incidentKeys.all, 'family', incidentId] as const,
  staffAll: () => [...incidentKeys.all, 'staff'] as const,
  staffList: (query: unknown) => [...incidentKeys.staffAll(), 'list', query] as const,
  staff: (incidentId: string) => [...incidentKeys.staffAll(), 'one', incidentId] as const,
};

/** The medication log (issue 26): a session's log for the staff, a child's for the family. */
export const medicationKeys = {
  all: ['medication'] as const,
  sessionAll: (classSessionId: number) => [...medicationKeys.all, 'session', classSessionId] as const,
  session: (classSessionId: number, query: unknown) =>
    [...medicationKeys.sessionAll(classSessionId), query] as const,
  family: (studentId: string) => [...medicationKeys.all, 'family', studentId] as const,
};

/** A child's health record (issue 26): the family's record, the summary card, the staff's list and record. */
export const healthKeys = {
  all: ['health'] as const,
  child: (studentId: string) => [...healthKeys.all, 'child', studentId] as const,
  summary: () => [...healthKeys.all, 'summary'] as const,
  staffChild: (studentId: string) => [...healthKeys.all, 'staff-child', studentId] as const,
  session: (classSessionId: number, incomplete: boolean) =>
    [...healthKeys.all, 'session', classSessionId, incomplete] as const,
  requirements: () => [...healthKeys.all, 'requirements'] as const,
};
