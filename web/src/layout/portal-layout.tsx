import { routes } from '@lc/contract';
import { Box, Container } from '@mantine/core';
import { NavLink, Outlet } from 'react-router';
import { EmailConfirmationNotice } from '../features/account/email-confirmation-notice';
import { PageSuspense } from './page-suspense';
import classes from './section-nav.module.css';

/** The Student Portal's sections, in the order a new family needs them. */
export const portalLinks: ReadonlyArray<{ label: string; to: string; end?: boolean }> = [
  { label: 'Overview', to: routes.dashboard, end: true },
  { label: 'My students', to: routes.myStudents },
  { label: 'Emergency contacts', to: routes.emergencyContacts },
  { label: 'My sessions', to: routes.mySessions },
  { label: 'Attendance', to: routes.attendance },
  { label: 'Billing', to: routes.billing },
  { label: 'Family sharing', to: routes.family },
  { label: 'Sign out', to: routes.logout },
];

/** Every /dashboard page: a section bar under the site header, then the page. Guarded by RequireAuth. */
export function PortalLayout() {
  return (
    <Container size="lg" pt="md" pb="xl">
      <Box component="nav" aria-label="Student portal" className={classes.nav}>
        {portalLinks.map((item) => (
          <NavLink key={item.to} to={item.to} end={item.end} className={classes.link}>
            {item.label}
          </NavLink>
        ))}
      </Box>
      <EmailConfirmationNotice />
      <PageSuspense>
        <Outlet />
      </PageSuspense>
    </Container>
  );
}
