import { routes } from '@lc/contract';
import { Box, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { EmailConfirmationNotice } from '../features/account/email-confirmation-notice';
import { MessagesNavLink } from '../features/conversations/messages-nav-link';
import { OfflineBanner } from '../features/offline/offline-banner';
import { OfflineFallback } from '../features/offline/offline-fallback';
import { PageSuspense } from './page-suspense';
import classes from './section-nav.module.css';

/** The key of a section's name under `portal.nav` in the message files. */
export type PortalLinkKey =
  | 'overview'
  | 'myStudents'
  | 'emergencyContacts'
  | 'mySessions'
  | 'attendance'
  | 'billing'
  | 'family'
  | 'messages'
  | 'signOut';

/**
 * The Student Portal's sections, in the order a new family needs them. `label` is the English name; the
 * bar shows `portal.nav.{key}` in the visitor's language (issue 14).
 */
export const portalLinks: ReadonlyArray<{ key: PortalLinkKey; label: string; to: string; end?: boolean }> = [
  { key: 'overview', label: 'Overview', to: routes.dashboard, end: true },
  { key: 'myStudents', label: 'My students', to: routes.myStudents },
  { key: 'emergencyContacts', label: 'Emergency contacts', to: routes.emergencyContacts },
  { key: 'mySessions', label: 'My sessions', to: routes.mySessions },
  { key: 'attendance', label: 'Attendance', to: routes.attendance },
  { key: 'billing', label: 'Billing', to: routes.billing },
  { key: 'family', label: 'Family sharing', to: routes.family },
  { key: 'messages', label: 'Messages', to: routes.messages },
  { key: 'signOut', label: 'Sign out', to: routes.logout },
];

/**
 * Every /dashboard page: a section bar under the site header, then the page. Guarded by RequireAuth. Offline
 * (issue 25), a banner above the bar says so, and a page this device never saved shows the offline page.
 */
export function PortalLayout() {
  const { t } = useTranslation();
  return (
    <Container size="lg" pt="md" pb="xl">
      <OfflineBanner mb="md" />
      <Box component="nav" aria-label={t('portal.nav.label')} className={classes.nav}>
        {portalLinks.map((item) =>
          item.key === 'messages' ? (
            // "Messages" carries the count of the center's messages not read yet (issue 25).
            <MessagesNavLink key={item.to} to={item.to} className={classes.link} />
          ) : (
            <NavLink key={item.to} to={item.to} end={item.end} className={classes.link}>
              {t(`portal.nav.${item.key}`)}
            </NavLink>
          ),
        )}
      </Box>
      <EmailConfirmationNotice />
      <OfflineFallback>
        <PageSuspense>
          <Outlet />
        </PageSuspense>
      </OfflineFallback>
    </Container>
  );
}
