import { routes } from '@lc/contract';
import { Box, Container } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NavLink, Outlet } from 'react-router';
import { InboxNavLink } from '../../features/staff-inbox/inbox-nav-link';
import { PageSuspense } from '../../layout/page-suspense';
import classes from '../../layout/section-nav.module.css';
import { currentRole } from '../../lib/auth-token';

/**
 * The staff side's data loading (issue 10): TanStack Query caches each list and roster by its query key
 * (the URL's filters), refetches when a window regains focus, and is invalidated by the writes that change
 * it. Created here, in the staff pages' own code, so nothing of it is in a parent's bundle.
 */
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 15_000, retry: 1 } },
});

/** Every /staff page: the staff section bar under the site header, then the page. Guarded by RequireStaff. */
export default function StaffLayout() {
  return (
    <QueryClientProvider client={queryClient}>
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
            <NavLink to={routes.staffAudit} className={classes.link}>
              Audit
            </NavLink>
          ) : null}
        </Box>
        <PageSuspense>
          <Outlet />
        </PageSuspense>
      </Container>
    </QueryClientProvider>
  );
}
