import { routes } from '@lc/contract';
import { AppShell, Box, Burger, Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { staffKeys } from '../../api/query-keys';
import { getStaffSelf } from '../../api/staff';
import { site } from '../../content/site';
import { OfflineBanner } from '../../features/offline/offline-banner';
import { OfflineFallback } from '../../features/offline/offline-fallback';
import { StaffNav } from '../../features/staff-shell/staff-nav';
import classes from '../../features/staff-shell/staff-shell.module.css';
import { BrandMark } from '../../layout/brand-mark';
import { LanguageSwitch } from '../../layout/language-switch';
import { PageSuspense } from '../../layout/page-suspense';
import { ThemeToggle } from '../../layout/theme-toggle';
import { currentRole } from '../../lib/auth-token';

/** The sidebar's width at tablet and desktop widths, in pixels. */
const NAV_WIDTH = 232;
/** The top bar's height, in pixels. */
const BAR_HEIGHT = 60;

/**
 * The staff workspace (issue 24, "An app of its own"): every /staff page in its own shell, apart from the
 * public site's header and footer. A top bar with the center, the signed-in person, language, theme and sign
 * out; a sidebar grouped by task (features/staff-shell/staff-nav.tsx) that folds into a menu on a phone and
 * closes when a link is followed; the page full width beside it. Loaded lazily, so no parent loads its code
 * (.dependency-cruiser.cjs). Guarded by RequireStaff. The pages read through the app's query client under
 * `staffKeys` (api/query-keys.ts; decision 010's staff rules, lib/query-client.ts). Offline (issue 25), a
 * banner at the top of the page says so, and a page this device never saved shows the offline page.
 */
export default function StaffLayout() {
  const [opened, menu] = useDisclosure(false);
  const { pathname } = useLocation();
  const self = useQuery({
    queryKey: staffKeys.me(),
    queryFn: ({ signal }) => getStaffSelf(signal),
    staleTime: 60_000,
  });
  const director = (self.data?.role ?? currentRole()) === 'Admin';

  // The phone's menu closes whenever the page changes (a link in it, or back and forward).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect must re-run when the route changes.
  useEffect(() => {
    menu.close();
  }, [pathname]);

  return (
    <AppShell
      header={{ height: BAR_HEIGHT }}
      navbar={{ width: NAV_WIDTH, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <a className={classes.skipLink} href="#main">
        Skip to content
      </a>
      <AppShell.Header>
        <div className={classes.bar}>
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              hiddenFrom="sm"
              opened={opened}
              onClick={menu.toggle}
              size="sm"
              aria-label={opened ? 'Close the staff menu' : 'Open the staff menu'}
              aria-expanded={opened}
              aria-controls="staff-navbar"
            />
            <Link to={routes.staff} className={classes.brand} aria-label={`${site.name}, staff workspace`}>
              <BrandMark size={32} />
              <Box component="span" visibleFrom="xs">
                {site.shortName}
              </Box>
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {self.data ? (
              <Box component="span" className={classes.person} visibleFrom="md">
                {self.data.firstName} {self.data.lastName} ·{' '}
                {self.data.role === 'Admin' ? 'Director' : 'Teacher'}
              </Box>
            ) : null}
            <LanguageSwitch compact />
            <ThemeToggle />
            <Button component={Link} to={routes.logout} variant="default" radius="xl" size="sm">
              Sign out
            </Button>
          </Group>
        </div>
      </AppShell.Header>
      <AppShell.Navbar
        id="staff-navbar"
        pt="xs"
        className={classes.navbar}
        data-menu={opened ? 'open' : 'closed'}
      >
        <StaffNav director={director} onNavigate={menu.close} />
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1} className={classes.main}>
        <OfflineBanner mb="md" />
        <OfflineFallback>
          <PageSuspense>
            <Outlet />
          </PageSuspense>
        </OfflineFallback>
      </AppShell.Main>
    </AppShell>
  );
}
