import { routes } from '@lc/contract';
import { Box, Container } from '@mantine/core';
import { NavLink, Outlet } from 'react-router';
import { InboxNavLink } from '../../features/staff-inbox/inbox-nav-link';
import { PageSuspense } from '../../layout/page-suspense';
import classes from '../../layout/section-nav.module.css';
import { currentRole } from '../../lib/auth-token';

/**
 * Every /staff page: the staff section bar under the site header, then the page. Guarded by RequireStaff.
 * The pages read through the app's query client (app-providers.tsx), under `staffKeys` (api/query-keys.ts),
 * whose staff rules (decision 010: 15 s fresh, refetched on focus, retried once) lib/query-client.ts sets.
 */
export default function StaffLayout() {
  return (
    <Container size="lg" pt="md" pb="xl">
      <Box component="nav" aria-label="Staff" className={`${classes.nav} ${classes.wrap}`}>
        <NavLink to={routes.staff} end className={classes.link}>
          Sessions
        </NavLink>
        <NavLink to={routes.staffPrograms} className={classes.link}>
          Programs
        </NavLink>
        <NavLink to={routes.staffFamilies} className={classes.link}>
          Families
        </NavLink>
        <NavLink to={routes.staffAttendance} className={classes.link}>
          Attendance
        </NavLink>
        <InboxNavLink className={classes.link} />
        <NavLink to={routes.staffAnnouncements} className={classes.link}>
          Announcements
        </NavLink>
        {currentRole() === 'Admin' ? (
          <NavLink to={routes.staffTeam} className={classes.link}>
            Team
          </NavLink>
        ) : null}
        {currentRole() === 'Admin' ? (
          <NavLink to={routes.staffPayments} className={classes.link}>
            Payments
          </NavLink>
        ) : null}
        {currentRole() === 'Admin' ? (
          <NavLink to={routes.staffBalances} className={classes.link}>
            Balances
          </NavLink>
        ) : null}
        {currentRole() === 'Admin' ? (
          <NavLink to={routes.staffAudit} className={classes.link}>
            Audit
          </NavLink>
        ) : null}
      </Box>
      <PageSuspense>
        <Outlet />
      </PageSuspense>
    </Container>
  );
}
