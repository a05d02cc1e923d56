/**
 * The route table: every browser route of spec §2 and API path of spec §7, in one place so links,
 * the router and the API client cannot drift apart.
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
  /** The staff back office (issue 10): the sessions list; a session's roster below it. */
  staff: '/staff',
  staffSession: (id: number | string) => `/staff/sessions/${id}`,
  staffTeam: '/staff/team',
  /** Announcements: the list (status and session in the query), compose, and one to edit or cancel. */
  staffAnnouncements: '/staff/announcements',
  staffAnnouncementNew: '/staff/announcements/new',
  staffAnnouncement: (id: number | string) => `/staff/announcements/${id}`,
  /** Payments with filters, totals and CSV (Admin). */
  staffPayments: '/staff/payments',
  /** Setting up terms (Admin): a new session, a session's form, programs and policies. */
  staffNewSession: '/staff/sessions/new',
  staffEditSession: (id: number | string) => `/staff/sessions/${id}/edit`,
  staffPrograms: '/staff/programs',
  /** The audit trail (the director). */
  staffAudit: '/staff/audit',
  /** The inbox: contact, tour and tutoring waitlist submissions; one item with its thread. */
  staffInbox: '/staff/inbox',
  staffInboxItem: (id: string) => `/staff/inbox/${id}`,
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

export const api = {
  staffSessions: '/api/staff/sessions',
  staffRoster: (id: number | string) => `/api/staff/sessions/${id}/roster`,
  staffRosterCsv: (id: number | string) => `/api/staff/sessions/${id}/roster.csv`,
  staffTeachers: (id: number | string) => `/api/staff/sessions/${id}/teachers`,
  staffTeam: '/api/staff/team',
  staffMe: '/api/staff/me',
  staffSession: (id: number | string) => `/api/staff/sessions/${id}`,
  staffDuplicateSession: (id: number | string) => `/api/staff/sessions/${id}/duplicate`,
  staffPrograms: '/api/staff/programs',
  staffAudit: '/api/staff/audit',
  /** Pickup passes and the door (issue 11). */
  trusteePass: (trusteeId: string) => `/api/Student/Trustees/${trusteeId}/Pass`,
  trusteePassCard: (trusteeId: string) => `/api/Student/Trustees/${trusteeId}/Pass/Card`,
  trusteePassPhoto: (trusteeId: string) => `/api/Student/Trustees/${trusteeId}/Pass/Photo`,
  selfContact: '/api/Student/Trustees/Self',
  familyAttendance: '/api/Student/Attendance',
  passCard: '/api/passes/card',
  kioskMe: '/api/kiosk/me',
  kioskScan: '/api/kiosk/scan',
  kioskCheckIn: '/api/kiosk/check-in',
  kioskCheckOut: '/api/kiosk/check-out',
  staffKiosks: '/api/staff/kiosks',
  staffKioskRevoke: (kioskId: string) => `/api/staff/kiosks/${kioskId}/revoke`,
  staffAttendance: '/api/staff/attendance',
  staffAttendanceToday: '/api/staff/attendance/today',
  staffAttendanceCsv: '/api/staff/attendance.csv',
  staffAuditCsv: '/api/staff/audit.csv',
  staffProgram: (id: number | string) => `/api/staff/programs/${id}`,
  staffPolicies: '/api/staff/policies',
  staffPolicy: (id: number | string) => `/api/staff/policies/${id}`,
  staffTeamMember: (userId: string) => `/api/staff/team/${userId}`,
  /** A session's files and links (GET all, POST a file or a link), their order, one to edit; its picture. */
  staffResources: (id: number | string) => `/api/staff/sessions/${id}/resources`,
  staffResourcesOrder: (id: number | string) => `/api/staff/sessions/${id}/resources/order`,
  staffResource: (resourceId: number | string) => `/api/staff/resources/${resourceId}`,
  staffThumbnail: (id: number | string) => `/api/staff/sessions/${id}/thumbnail`,
  classSessionList: '/api/ClassSession',
  classSessionAll: '/api/ClassSession/all',
  classSession: (id: number | string) => `/api/ClassSession/${id}`,
  classSessionResources: (id: number | string) => `/api/ClassSession/${id}/Resources`,
} as const;

/** The built-in test checkout (no card is charged), served by the API server outside the SPA. */
export const testCheckout = {
  page: (checkoutId: string) => `/test-checkout/${encodeURIComponent(checkoutId)}`,
  pay: (checkoutId: string) => `/test-checkout/${encodeURIComponent(checkoutId)}/pay`,
  cancel: (checkoutId: string) => `/test-checkout/${encodeURIComponent(checkoutId)}/cancel`,
  receipt: (checkoutId: string) => `/test-checkout/${encodeURIComponent(checkoutId)}/receipt`,
} as const;
