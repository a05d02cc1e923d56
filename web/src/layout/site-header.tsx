import { routes } from '@lc/contract';
import { Box, Burger, Button, Container, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure, useMounted, useWindowScroll } from '@mantine/hooks';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { site } from '../content/site';
import { currentRole, getToken, isStaffRole, subscribeToSession } from '../lib/auth-token';
import { BrandMark } from './brand-mark';
import { useLocalizedPath } from './in-language';
import { LanguageSwitch } from './language-switch';
import { drawerLinks, enrollNow, headerLinks, type NavItem } from './nav-links';
import classes from './site-header.module.css';
import { ThemeToggle } from './theme-toggle';

/** spec §9: the header turns solid with a shadow once the page is scrolled past 38 pixels. */
export const HEADER_SCROLL_THRESHOLD = 38;

export function isHeaderSolid(scrollY: number): boolean {
  return scrollY > HEADER_SCROLL_THRESHOLD;
}

export function SiteHeader() {
  const [scroll] = useWindowScroll();
  const [drawerOpened, drawer] = useDisclosure(false);
  const { pathname } = useLocation();
  const scrolled = isHeaderSolid(scroll.y);
  // The Staff link is for the center's people only (issue 10); read after mount, so the server's HTML and
  // the first client render stay the same for everyone.
  const mounted = useMounted();
  const token = useSyncExternalStore(subscribeToSession, getToken, () => null);
  const staffLink: NavItem[] =
    mounted && isStaffRole(currentRole(token)) ? [{ labelKey: 'header.staff', to: routes.staff }] : [];
  const { t } = useTranslation();
  // In Spanish the public pages' links go to their Spanish addresses (issue 14).
  const localized = useLocalizedPath();

  // The drawer closes whenever the route changes (a link in it was followed, or back/forward).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect must re-run when the route changes.
  useEffect(() => {
    drawer.close();
  }, [pathname]);

  return (
    <>
      <a className={classes.skipLink} href="#main">
        {t('header.skipToContent')}
      </a>
      <header className={classes.header} data-scrolled={scrolled ? 'true' : 'false'}>
        <Container size="lg" className={classes.inner}>
          {/* The name shortens, then hides, as the header links need the room (tablet widths). */}
          <Link to={localized(routes.home)} className={classes.brand} aria-label={site.name}>
            <BrandMark />
            <Box component="span" hiddenFrom="sm">
              {site.name}
            </Box>
            <Box component="span" visibleFrom="md" hiddenFrom="lg">
              {site.shortName}
            </Box>
            <Box component="span" visibleFrom="lg">
              {site.name}
            </Box>
          </Link>

          <Box component="nav" aria-label={t('header.mainNav')} className={classes.nav} visibleFrom="sm">
            {[...headerLinks, ...staffLink].map((item) => (
              <NavLink key={item.to} to={localized(item.to)} className={classes.link}>
                {t(item.labelKey)}
              </NavLink>
            ))}
          </Box>

          <Group gap="xs" wrap="nowrap">
            <Button component={Link} to={localized(enrollNow.to)} visibleFrom="sm">
              {t(enrollNow.labelKey)}
            </Button>
            <LanguageSwitch visibleFrom="sm" compact />
            <ThemeToggle />
            <Burger
              hiddenFrom="sm"
              opened={drawerOpened}
              onClick={drawer.toggle}
              aria-label={drawerOpened ? t('header.closeMenu') : t('header.openMenu')}
              aria-expanded={drawerOpened}
              aria-controls="site-drawer"
            />
          </Group>
        </Container>
      </header>

      {/* Compound Drawer so the panel itself carries the id the menu button controls, and its header row is
          not a second <header> landmark next to the site header (axe: aria-valid-attr-value, landmark-unique). */}
      <Drawer.Root opened={drawerOpened} onClose={drawer.close} position="left" size="xs" hiddenFrom="sm">
        <Drawer.Overlay />
        <Drawer.Content id="site-drawer">
          <Drawer.Header role="presentation">
            <Drawer.Title>{site.name}</Drawer.Title>
            <Drawer.CloseButton aria-label={t('header.closeMenu')} />
          </Drawer.Header>
          <Drawer.Body>
            <Stack component="nav" aria-label={t('header.menuNav')} gap={4}>
              {[...drawerLinks, ...staffLink].map((item) => (
                <NavLink
                  key={item.to}
                  to={localized(item.to)}
                  end={item.to === routes.home}
                  className={classes.drawerLink}
                  onClick={drawer.close}
                >
                  {t(item.labelKey)}
                </NavLink>
              ))}
              <Button component={Link} to={localized(enrollNow.to)} size="md" mt="md" onClick={drawer.close}>
                {t(enrollNow.labelKey)}
              </Button>
              <LanguageSwitch size="md" mt="xs" onSwitched={drawer.close} />
            </Stack>
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </>
  );
}
