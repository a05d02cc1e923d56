/**
 * Every browser route of spec §2. Pages are lazily loaded (the home page's first download stays small);
 * while one loads, the layout shows '...'. Parameterised paths come from the contract's route builders
 * so links and routes cannot drift apart. A page that reads data names what it reads in its route's
 * `handle.prefetch` (page-reads.ts); in the browser its route's loader starts those queries while the page's
 * code loads (lib/route-prefetch.ts).
 */
import { pathInLanguage, routes, SPANISH_PATH_PREFIX } from '@lc/contract';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { InLanguage } from './layout/in-language';
import { lazyPage } from './layout/lazy-page';
import { MainLayout } from './layout/main-layout';
import { PortalLayout } from './layout/portal-layout';
import { RequireAuth } from './layout/require-auth';
import { RequireStaff } from './layout/require-staff';
import { RootLayout } from './layout/root-layout';
import { RouteErrorPage } from './layout/route-error-page';
import { startFirstPage, withPagePrefetch } from './lib/route-prefetch';
import { pageReads as reads } from './page-reads';
import NotFoundPage from './pages/public/not-found-page';

const HomePage = lazyPage(() => import('./pages/public/home-page'));
const PhilosophyPage = lazyPage(() => import('./pages/public/philosophy-page'));
const TestimonialsPage = lazyPage(() => import('./pages/public/testimonials-page'));
const FaqPage = lazyPage(() => import('./pages/public/faq-page'));
const TermsPage = lazyPage(() => import('./pages/public/terms-page'));
const LogoutPage = lazyPage(() => import('./pages/public/logout-page'));
const ContactPage = lazyPage(() => import('./pages/public/contact-page'));
const TutoringWaitlistPage = lazyPage(() => import('./pages/public/tutoring-waitlist-page'));
const SessionsPage = lazyPage(() => import('./pages/public/sessions-page'));
const SessionDetailPage = lazyPage(() => import('./pages/public/session-detail-page'));
const CheckoutReturnPage = lazyPage(() => import('./pages/public/checkout-return-page'));
const LoginPage = lazyPage(() => import('./pages/auth/login-page'));
const RegisterPage = lazyPage(() => import('./pages/auth/register-page'));
const PasswordResetPage = lazyPage(() => import('./pages/auth/password-reset-page'));
const PasswordResetTokenPage = lazyPage(() => import('./pages/auth/password-reset-token-page'));
const ConfirmEmailPage = lazyPage(() => import('./pages/public/confirm-email-page'));
const DashboardPage = lazyPage(() => import('./pages/portal/dashboard-page'));
const StudentsPage = lazyPage(() => import('./pages/portal/students-page'));
const StudentFormPage = lazyPage(() => import('./pages/portal/student-form-page'));
const AllergyNewPage = lazyPage(() => import('./pages/portal/allergy-new-page'));
const ContactsPage = lazyPage(() => import('./pages/portal/contacts-page'));
const ContactFormPage = lazyPage(() => import('./pages/portal/contact-form-page'));
const BillingPage = lazyPage(() => import('./pages/portal/billing-page'));
const MySessionsPage = lazyPage(() => import('./pages/portal/my-sessions-page'));
const MySessionPage = lazyPage(() => import('./pages/portal/my-session-page'));
const EnrollPage = lazyPage(() => import('./pages/public/enroll-page'));
const WaitlistPage = lazyPage(() => import('./pages/public/waitlist-page'));
const WaitlistSuccessPage = lazyPage(() => import('./pages/public/waitlist-success-page'));
// The staff back office (issue 10): its own chunks, never part of a parent's pages.
const StaffLayout = lazyPage(() => import('./pages/staff/staff-layout'));
const StaffTodayPage = lazyPage(() => import('./pages/staff/staff-today-page'));
const StaffSessionsPage = lazyPage(() => import('./pages/staff/staff-sessions-page'));
const StaffCalendarPage = lazyPage(() => import('./pages/staff/staff-calendar-page'));
const StaffRosterPage = lazyPage(() => import('./pages/staff/staff-roster-page'));
const StaffTeamPage = lazyPage(() => import('./pages/staff/staff-team-page'));
const StaffMyTimePage = lazyPage(() => import('./pages/staff/staff-my-time-page'));
const StaffTimesheetsPage = lazyPage(() => import('./pages/staff/staff-timesheets-page'));
const StaffSessionFormPage = lazyPage(() => import('./pages/staff/staff-session-form-page'));
const StaffProgramsPage = lazyPage(() => import('./pages/staff/staff-programs-page'));
const StaffAuditPage = lazyPage(() => import('./pages/staff/staff-audit-page'));
const StaffAnnouncementsPage = lazyPage(() => import('./pages/staff/staff-announcements-page'));
const StaffAnnouncementPage = lazyPage(() => import('./pages/staff/staff-announcement-page'));
const StaffInboxPage = lazyPage(() => import('./pages/staff/staff-inbox-page'));
const StaffInboxItemPage = lazyPage(() => import('./pages/staff/staff-inbox-item-page'));
const StaffPaymentsPage = lazyPage(() => import('./pages/staff/staff-payments-page'));
const StaffBalancesPage = lazyPage(() => import('./pages/staff/staff-balances-page'));
const StaffReportsPage = lazyPage(() => import('./pages/staff/staff-reports-page'));
const StaffInspectionPage = lazyPage(() => import('./pages/staff/staff-inspection-page'));
const StaffFamiliesPage = lazyPage(() => import('./pages/staff/staff-families-page'));
const StaffFamilyPage = lazyPage(() => import('./pages/staff/staff-family-page'));
const StaffChildPage = lazyPage(() => import('./pages/staff/staff-child-page'));
// Pickup passes and the door (issue 11).
const StaffAttendancePage = lazyPage(() => import('./pages/staff/staff-attendance-page'));
const StaffKioskPage = lazyPage(() => import('./pages/staff/staff-kiosk-page'));
const PassPage = lazyPage(() => import('./pages/public/pass-page'));
const AttendancePage = lazyPage(() => import('./pages/portal/attendance-page'));
const FamilyPage = lazyPage(() => import('./pages/portal/family-page'));
const JoinFamilyPage = lazyPage(() => import('./pages/portal/join-family-page'));
// Messages between families and the center (issue 25).
const MessagesPage = lazyPage(() => import('./pages/portal/messages-page'));
const NotificationsPage = lazyPage(() => import('./pages/portal/notifications-page'));
const StaffMessagesPage = lazyPage(() => import('./pages/staff/staff-messages-page'));
const StaffConversationPage = lazyPage(() => import('./pages/staff/staff-conversation-page'));
const StaffNotificationsPage = lazyPage(() => import('./pages/staff/staff-notifications-page'));
// The day's notes and photos (issue 25).
const ChildFeedPage = lazyPage(() => import('./pages/portal/child-feed-page'));
const FormSignPage = lazyPage(() => import('./pages/portal/form-sign-page'));
const StaffFormsPage = lazyPage(() => import('./pages/staff/staff-forms-page'));
const StaffFormPage = lazyPage(() => import('./pages/staff/staff-form-page'));
const StaffSessionFormsPage = lazyPage(() => import('./pages/staff/staff-session-forms-page'));
const ChildHealthPage = lazyPage(() => import('./pages/portal/child-health-page'));
const ChildMedicationPage = lazyPage(() => import('./pages/portal/child-medication-page'));
const StaffHealthPage = lazyPage(() => import('./pages/staff/staff-health-page'));
const StaffChildHealthPage = lazyPage(() => import('./pages/staff/staff-child-health-page'));
const StaffHealthRequirementsPage = lazyPage(() => import('./pages/staff/staff-health-requirements-page'));
const StaffSessionDayPage = lazyPage(() => import('./pages/staff/staff-session-day-page'));
const StaffSessionMedicationPage = lazyPage(() => import('./pages/staff/staff-session-medication-page'));
// Incident reports (issue 26).
const IncidentsPage = lazyPage(() => import('./pages/portal/incidents-page'));
const IncidentPage = lazyPage(() => import('./pages/portal/incident-page'));
const StaffIncidentsPage = lazyPage(() => import('./pages/staff/staff-incidents-page'));
const StaffIncidentNewPage = lazyPage(() => import('./pages/staff/staff-incident-new-page'));
const StaffIncidentPage = lazyPage(() => import('./pages/staff/staff-incident-page'));

/** Route patterns (react-router syntax) built from the contract's route table. */
const path = {
  session: routes.session(':classSessionId'),
  enroll: routes.enroll(':classSessionId'),
  waitlist: routes.waitlist(':classSessionId'),
  waitlistSuccess: routes.waitlistSuccess(':classSessionId'),
  enrollmentSuccessful: routes.enrollmentSuccessful(':classSessionId', ':checkoutId'),
  enrollmentFailed: routes.enrollmentFailed(':classSessionId', ':checkoutId'),
  mySession: routes.mySession(':classSessionId'),
  newAllergy: routes.newAllergy(':studentId'),
  emergencyContact: routes.emergencyContact(':trusteeId'),
  editStudent: routes.editStudent(':studentId'),
  childFeed: routes.childFeed(':studentId'),
  familyForm: routes.familyForm(':formId'),
  staffForm: routes.staffForm(':formId'),
  staffSessionForms: routes.staffSessionForms(':classSessionId'),
  childHealth: routes.childHealth(':studentId'),
  childMedication: routes.childMedication(':studentId'),
  staffChildHealth: routes.staffChildHealth(':studentId'),
  staffSessionDay: routes.staffSessionDay(':classSessionId'),
  staffSessionMedication: routes.staffSessionMedication(':classSessionId'),
  incident: routes.incident(':incidentId'),
  staffIncident: routes.staffIncident(':id'),
  // routes.passwordResetToken URL-encodes its argument, which would turn ':token' into '%3Atoken'.
  passwordResetToken: `${routes.passwordReset}/:token`,
  joinFamily: `${routes.family}/join/:token`,
  staffSession: routes.staffSession(':classSessionId'),
  staffEditSession: routes.staffEditSession(':classSessionId'),
  staffAnnouncement: routes.staffAnnouncement(':id'),
  staffInboxItem: routes.staffInboxItem(':id'),
  staffConversation: routes.staffConversation(':id'),
  staffFamily: routes.staffFamily(':userId'),
  staffChild: routes.staffChild(':studentId'),
  confirmEmail: '/confirm-email/:token',
} as const;

/**
 * Marks the public pages the server renders as HTML with their content (issue 12). Every other route is
 * rendered in the browser: sign-in and portal pages are per visitor, and the 404 page (`*`) is rendered by
 * the server too, with status 404.
 */
export const serverRendered = { serverRendered: true } as const;

/**
 * The public pages the server renders (spec §2), but the home page (an index route). Each also has a
 * Spanish address under `/es` (issue 14: a URL per language for search engines).
 */
const publicPages: RouteObject[] = [
  { path: routes.terms, element: <TermsPage />, handle: serverRendered },
  { path: routes.philosophy, element: <PhilosophyPage />, handle: serverRendered },
  {
    path: routes.sessions,
    element: <SessionsPage />,
    handle: { ...serverRendered, prefetch: reads.sessions },
  },
  {
    path: path.session,
    element: <SessionDetailPage />,
    handle: { ...serverRendered, prefetch: reads.session },
  },
  { path: routes.testimonials, element: <TestimonialsPage />, handle: serverRendered },
  { path: routes.faqLong, element: <FaqPage />, handle: serverRendered },
  { path: routes.faq, element: <FaqPage />, handle: serverRendered },
  { path: routes.contact, element: <ContactPage />, handle: serverRendered },
  { path: routes.contactUs, element: <ContactPage />, handle: serverRendered },
  { path: routes.tutoringWaitlist, element: <TutoringWaitlistPage />, handle: serverRendered },
];

/** Protected pages (spec §2) inside the portal layout. */
const portalPages: RouteObject[] = [
  { path: routes.dashboard, element: <DashboardPage />, handle: { prefetch: reads.dashboard } },
  { path: routes.myStudents, element: <StudentsPage />, handle: { prefetch: reads.students } },
  { path: routes.newStudent, element: <StudentFormPage /> },
  { path: path.editStudent, element: <StudentFormPage />, handle: { prefetch: reads.student } },
  { path: path.newAllergy, element: <AllergyNewPage />, handle: { prefetch: reads.student } },
  { path: routes.emergencyContacts, element: <ContactsPage />, handle: { prefetch: reads.contacts } },
  { path: routes.newEmergencyContact, element: <ContactFormPage />, handle: { prefetch: reads.contact } },
  { path: path.emergencyContact, element: <ContactFormPage />, handle: { prefetch: reads.contact } },
  { path: routes.billing, element: <BillingPage />, handle: { prefetch: reads.billing } },
  { path: routes.mySessions, element: <MySessionsPage />, handle: { prefetch: reads.mySessions } },
  { path: path.mySession, element: <MySessionPage />, handle: { prefetch: reads.mySession } },
  { path: routes.attendance, element: <AttendancePage />, handle: { prefetch: reads.attendance } },
  { path: path.childFeed, element: <ChildFeedPage />, handle: { prefetch: reads.childFeed } },
  { path: path.familyForm, element: <FormSignPage /> },
  { path: path.childHealth, element: <ChildHealthPage />, handle: { prefetch: reads.childHealth } },
  {
    path: path.childMedication,
    element: <ChildMedicationPage />,
    handle: { prefetch: reads.childMedication },
  },
  { path: routes.family, element: <FamilyPage />, handle: { prefetch: reads.family } },
  { path: path.joinFamily, element: <JoinFamilyPage />, handle: { prefetch: reads.joinFamily } },
  { path: routes.messages, element: <MessagesPage />, handle: { prefetch: reads.messages } },
  { path: routes.notifications, element: <NotificationsPage />, handle: { prefetch: reads.notifications } },
  { path: routes.incidents, element: <IncidentsPage />, handle: { prefetch: reads.incidents } },
  { path: path.incident, element: <IncidentPage />, handle: { prefetch: reads.incident } },
];
/** Protected session pages (spec §2) in the site layout: choosing children to enroll or wait-list. */
const protectedSessionPages: RouteObject[] = [
  { path: path.enroll, element: <EnrollPage />, handle: { prefetch: reads.sessionFamily } },
  { path: path.waitlist, element: <WaitlistPage />, handle: { prefetch: reads.sessionFamily } },
  { path: path.waitlistSuccess, element: <WaitlistSuccessPage /> },
];

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      // Public routes without the main layout.
      { path: routes.login, element: <LoginPage /> },
      { path: routes.register, element: <RegisterPage /> },
      { path: routes.passwordReset, element: <PasswordResetPage /> },
      { path: path.passwordResetToken, element: <PasswordResetTokenPage /> },
      // The door tablet: full screen, no site chrome; it checks the staff login or its kiosk token itself.
      { path: routes.staffKiosk, element: <StaffKioskPage /> },
      // The staff workspace (issue 24): its own shell, without the public site's header and footer.
      {
        element: <RequireStaff />,
        errorElement: <RouteErrorPage />,
        children: [
          {
            element: <StaffLayout />,
            children: [
              {
                errorElement: <RouteErrorPage />,
                children: [
                  { path: routes.staff, element: <StaffTodayPage /> },
                  { path: routes.staffSessions, element: <StaffSessionsPage /> },
                  { path: routes.staffCalendar, element: <StaffCalendarPage /> },
                  { path: routes.staffNewSession, element: <StaffSessionFormPage /> },
                  { path: path.staffSession, element: <StaffRosterPage /> },
                  { path: path.staffEditSession, element: <StaffSessionFormPage /> },
                  { path: path.staffSessionDay, element: <StaffSessionDayPage /> },
                  { path: path.staffSessionMedication, element: <StaffSessionMedicationPage /> },
                  { path: routes.staffIncidents, element: <StaffIncidentsPage /> },
                  { path: routes.staffIncidentNew, element: <StaffIncidentNewPage /> },
                  { path: path.staffIncident, element: <StaffIncidentPage /> },
                  { path: routes.staffPrograms, element: <StaffProgramsPage /> },
                  { path: routes.staffForms, element: <StaffFormsPage /> },
                  { path: routes.staffNewForm, element: <StaffFormPage /> },
                  { path: path.staffForm, element: <StaffFormPage /> },
                  { path: path.staffSessionForms, element: <StaffSessionFormsPage /> },
                  { path: routes.staffHealth, element: <StaffHealthPage /> },
                  { path: routes.staffHealthRequirements, element: <StaffHealthRequirementsPage /> },
                  { path: path.staffChildHealth, element: <StaffChildHealthPage /> },
                  { path: routes.staffAudit, element: <StaffAuditPage /> },
                  { path: routes.staffTeam, element: <StaffTeamPage /> },
                  { path: routes.staffMyTime, element: <StaffMyTimePage /> },
                  { path: routes.staffTimesheets, element: <StaffTimesheetsPage /> },
                  { path: routes.staffAnnouncements, element: <StaffAnnouncementsPage /> },
                  { path: routes.staffAnnouncementNew, element: <StaffAnnouncementPage /> },
                  { path: path.staffAnnouncement, element: <StaffAnnouncementPage /> },
                  { path: routes.staffInbox, element: <StaffInboxPage /> },
                  { path: path.staffInboxItem, element: <StaffInboxItemPage /> },
                  { path: routes.staffMessages, element: <StaffMessagesPage /> },
                  { path: path.staffConversation, element: <StaffConversationPage /> },
                  { path: routes.staffNotifications, element: <StaffNotificationsPage /> },
                  { path: routes.staffPayments, element: <StaffPaymentsPage /> },
                  { path: routes.staffBalances, element: <StaffBalancesPage /> },
                  { path: routes.staffReports, element: <StaffReportsPage /> },
                  { path: routes.staffInspection, element: <StaffInspectionPage /> },
                  { path: routes.staffFamilies, element: <StaffFamiliesPage /> },
                  { path: path.staffFamily, element: <StaffFamilyPage /> },
                  { path: path.staffChild, element: <StaffChildPage /> },
                  { path: routes.staffAttendance, element: <StaffAttendancePage /> },
                  { path: `${routes.staff}/*`, element: <NotFoundPage /> },
                ],
              },
            ],
          },
        ],
      },
      {
        element: <MainLayout />,
        children: [
          {
            // Errors in a page render inside the site chrome, not on a blank screen.
            errorElement: <RouteErrorPage />,
            children: [
              { index: true, element: <HomePage />, handle: serverRendered },
              ...publicPages,
              // The same public pages at their Spanish addresses, for search engines (issue 14).
              {
                element: <InLanguage language="es" />,
                children: [
                  { path: SPANISH_PATH_PREFIX, element: <HomePage />, handle: serverRendered },
                  ...publicPages.map((page) => ({ ...page, path: pathInLanguage(page.path ?? '/', 'es') })),
                  { path: `${SPANISH_PATH_PREFIX}/*`, element: <NotFoundPage />, handle: serverRendered },
                ],
              },
              { path: routes.logout, element: <LogoutPage /> },
              {
                path: path.confirmEmail,
                element: <ConfirmEmailPage />,
                handle: { prefetch: reads.confirmEmail },
              },
              // The payment checkout's return targets: unprotected, the login may have lapsed while paying.
              {
                path: path.enrollmentSuccessful,
                element: <CheckoutReturnPage outcome="successful" />,
                handle: { prefetch: reads.checkoutReturn('successful') },
              },
              {
                path: path.enrollmentFailed,
                element: <CheckoutReturnPage outcome="failed" />,
                handle: { prefetch: reads.checkoutReturn('failed') },
              },
              // A pickup adult's pass, opened with the code in the link's fragment (issue 11).
              { path: routes.pass, element: <PassPage /> },
              {
                element: <RequireAuth />,
                children: [
                  {
                    element: <PortalLayout />,
                    children: portalPages,
                  },
                  ...protectedSessionPages,
                ],
              },
              { path: '*', element: <NotFoundPage />, handle: serverRendered },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * The browser's router: {@link appRoutes} with a loader on each page that reads data, starting its queries
 * in `queryClient` (the app's, which the pages read). The first page's queries start here, before the first
 * render (the router counts its loaders as run, so a server-rendered page hydrates at once). The server
 * renderer and the tests that render {@link appRoutes} have no loaders.
 */
export function createAppRouter(queryClient: QueryClient) {
  const routesWithLoaders = withPagePrefetch(appRoutes, queryClient);
  const hydrationData = startFirstPage(routesWithLoaders, queryClient, new URL(window.location.href));
  return createBrowserRouter(routesWithLoaders, { hydrationData });
}
