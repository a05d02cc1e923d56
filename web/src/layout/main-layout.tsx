import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useLanguageAddress } from './in-language';
import { PageSuspense } from './page-suspense';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * The site chrome around every public and portal page (not around sign-in pages, spec §2, nor the staff
 * workspace's own shell): the routed page, or `children` (a staff address's not-found page for a parent).
 */
export function MainLayout({ children }: { children?: ReactNode }) {
  useLanguageAddress();
  return (
    <>
      <SiteHeader />
      {/* At least a screen tall, so the footer never jumps up and back down while a page's code loads (CLS). */}
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        style={{ outline: 'none', flex: '1 0 auto', minHeight: 'calc(100vh - 68px)' }}
      >
        <PageSuspense>{children ?? <Outlet />}</PageSuspense>
      </Box>
      <SiteFooter />
    </>
  );
}
