/**
 * The browser's route table: every page of spec §2, in one place so links, the router and the server's page
 * list cannot drift apart. The API's paths are the API table's rows (contract/src/api/*, endpoint.ts).
 */
export const routes = {
  home: '/',
  login: '/login',
  register: '/register',
  passwordReset: '/password-reset',
  passwordResetToken: (token: string) => `/password-reset/${encodeURIComponent(token)}`,
  /** Link mailed after sign-up; the page confirms the address (issue 3 design, not in spec §2). */
  confirmEmail: (token: string) => `/confirm-email/${encodeURIComponent(token)}`,
  logout: '/logout',
  terms: '/terms-and-conditions',
  philosophy: '/our-philosophy',
  testimonials: '/testimonials',
  faq: '/faq',
  faqLong: '/frequently-asked-questions',
  contact: '/contact',
  contactUs: '/contact-us',
  tour: '/contact?tour=true',
  tutoringWaitlist: '/tutoring-waitlist',
  sessions: '/sessions',
  session: (id: number | string) => `/sessions/${id}`,
  enroll: (id: number | string) => `/sessions/${id}/enroll`,
  waitlist: (id: number | string) => `/sessions/${id}/waitlist`,
  waitlistSuccess: (id: number | string) => `/sessions/${id}/waitlist/success`,
  enrollmentSuccessful: (id: number | string, checkoutId: string) =>
    `/sessions/${id}/enrollment-successful/${checkoutId}`,
  enrollmentFailed: (id: number | string, checkoutId: string) =>
    `/sessions/${id}/enrollment-failed/${checkoutId}`,
  /** The staff workspace's home (issue 24): Today. */
  staff: '/staff',
  /** The sessions list (issue 10); a session's roster below it. */
  staffSessions: '/staff/sessions',
  /** The center's calendar (issue 24): closures and early dismissals. */
  staffCalendar: '/staff/calendar',
  staffSession: (id: number | string) => `/staff/sessions/${id}`,
  staffTeam: '/staff/team',
  /** A staff member's own time (issue 26): the clock-in PIN, the phone clock, today's punches. */
  staffMyTime: '/staff/my-time',
  /** Timesheets by week (issue 26): a teacher's own, the director's for everyone, with the payroll CSV. */
  staffTimesheets: '/staff/timesheets',
  /** Announcements: the list (status and session in the query), compose, and one to edit or cancel. */
  staffAnnouncements: '/staff/announcements',
  staffAnnouncementNew: '/staff/announcements/new',
  staffAnnouncement: (id: number | string) => `/staff/announcements/${id}`,
  /** Payments with filters, totals and CSV (Admin). */
  staffPayments: '/staff/payments',
  /** The aging report: who owes, and for how long (issue 23, director only). */
  staffBalances: '/staff/balances',
  /** The director's reports with charts (issue 24): the report, range and session in the query. */
  staffReports: '/staff/reports',
  /** An inspector's visit (issue 26): a session's licensing records; the session and days in the query. */
  staffInspection: '/staff/inspection',
  /** Setting up terms (Admin): a new session, a session's form, programs and policies. */
  staffNewSession: '/staff/sessions/new',
  staffEditSession: (id: number | string) => `/staff/sessions/${id}/edit`,
  /** The teacher's day of a session (issue 25): the class, notes and photos, meals and rest, on a phone. */
  staffSessionDay: (id: number | string) => `/staff/sessions/${id}/day`,
  /** A session's medication log and the form to log a dose (issue 26; `?child=` picks the child). */
  staffSessionMedication: (id: number | string) => `/staff/sessions/${id}/medication`,
  /** Incident reports (issue 26): the list (filters in the query), a new report (`?session=`), one report. */
  staffIncidents: '/staff/incidents',
  staffIncidentNew: '/staff/incidents/new',
  staffIncident: (id: string) => `/staff/incidents/${id}`,
  staffPrograms: '/staff/programs',
  /** Forms families sign (issue 26, the director): the list, a new form, one form to edit and publish. */
  staffForms: '/staff/forms',
  staffNewForm: '/staff/forms/new',
  staffForm: (id: string) => `/staff/forms/${id}`,
  /** Who in a session has signed its program's forms. */
  staffSessionForms: (id: number | string) => `/staff/sessions/${id}/forms`,
  /** Health records (issue 26): a session's compliance list (the session in the query), a child's record. */
  staffHealth: '/staff/health',
  staffChildHealth: (studentId: string) => `/staff/children/${studentId}/health`,
  /** What each program requires of the children's health records (the director). */
  staffHealthRequirements: '/staff/health/requirements',
  /** The audit trail (the director). */
  staffAudit: '/staff/audit',
  /** The inbox: contact, tour and tutoring waitlist submissions; one item with its thread. */
  staffInbox: '/staff/inbox',
  staffInboxItem: (id: string) => `/staff/inbox/${id}`,
  /** Where an inbox row opens: its item page, or a family's conversation (issue 25). */
  staffInboxRow: (item: { id: string; kind: string }) =>
    item.kind === 'message' ? `/staff/messages/${item.id}` : `/staff/inbox/${item.id}`,
  /** Families' conversations with the center (issue 25): the list, and one conversation. */
  staffMessages: '/staff/messages',
  staffConversation: (id: string) => `/staff/messages/${id}`,
  /** How the signed-in staff member hears about new messages. */
  staffNotifications: '/staff/notifications',
  /** Families: search (the query in the URL), one family, one child. */
  staffFamilies: '/staff/families',
  staffFamily: (userId: string) => `/staff/families/${userId}`,
  staffChild: (studentId: string) => `/staff/children/${studentId}`,
  /** Pickup passes and attendance (issue 11). */
  staffKiosk: '/staff/kiosk',
  staffAttendance: '/staff/attendance',
  /** The holder's pass page; the code travels in the fragment (never sent to the server in a URL). */
  pass: '/pass',
  attendance: '/dashboard/attendance',
  /** Who shares the family (issue 13, co-parents). */
  family: '/dashboard/family',
  /** The link in a co-parent invitation (protected: login or register first, then accept). */
  joinFamily: (token: string) => `/dashboard/family/join/${encodeURIComponent(token)}`,
  dashboard: '/dashboard',
  /** A form to read and sign (issue 26): for one child (`child`) or for the family. */
  familyForm: (formId: string, studentId?: string | null) =>
    `/dashboard/forms/${formId}${studentId ? `?child=${encodeURIComponent(studentId)}` : ''}`,
  /** The family's conversation with the center (issue 25). */
  messages: '/dashboard/messages',
  /** A child's day: notes, photos, meals and rest, check-in and check-out (issue 25). */
  childFeed: (studentId: string) => `/dashboard/children/${studentId}/feed`,
  /** The family's incident reports (issue 26): the list, and one report to read and sign. */
  incidents: '/dashboard/incidents',
  incident: (id: string) => `/dashboard/incidents/${id}`,
  /** A child's health record (issue 26): immunizations, physician, insurance, diet, medications, documents. */
  childHealth: (studentId: string) => `/dashboard/children/${studentId}/health`,
  /** A child's medication log (issue 26): each dose the center gave, under the family's signed authorization. */
  childMedication: (studentId: string) => `/dashboard/children/${studentId}/medication`,
  /** How a parent hears about new messages, and their quiet hours. */
  notifications: '/dashboard/notifications',
  billing: '/dashboard/billing',
  mySessions: '/dashboard/sessions',
  mySession: (id: number | string) => `/dashboard/sessions/${id}`,
  myStudents: '/dashboard/my-students',
  newStudent: '/dashboard/my-students/new',
  newAllergy: (studentId: string) => `/dashboard/my-students/${studentId}/allergies/new`,
  /** Edit a child (issue 4; not in spec §2's list, which shows no edit screen). */
  editStudent: (studentId: string) => `/dashboard/my-students/${studentId}`,
  emergencyContacts: '/dashboard/emergency-contacts',
  newEmergencyContact: '/dashboard/emergency-contacts/new',
  emergencyContact: (trusteeId: string) => `/dashboard/emergency-contacts/${trusteeId}`,
} as const;

/** The built-in test checkout (no card is charged), served by the API server outside the SPA. */
export const testCheckout = {
  page: (checkoutId: string) => `/test-checkout/${encodeURIComponent(checkoutId)}`,
  pay: (checkoutId: string) => `/test-checkout/${encodeURIComponent(checkoutId)}/pay`,
  cancel: (checkoutId: string) => `/test-checkout/${encodeURIComponent(checkoutId)}/cancel`,
  receipt: (checkoutId: string) => `/test-checkout/${encodeURIComponent(checkoutId)}/receipt`,
} as const;
