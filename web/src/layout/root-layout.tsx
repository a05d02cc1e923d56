import { routes } from '@lc/contract';
import { Outlet, useLocation } from 'react-router';
import { PageSuspense } from './page-suspense';
import { ScrollToTop } from './scroll-to-top';

const chromeless = [routes.login, routes.register, routes.passwordReset];

/** Sign-in pages reset the boundary per path; every page with the site chrome shares one key here, so the
 * chrome is not remounted on navigation (its own boundary around the page resets instead). */
function boundaryKey(pathname: string): string {
  return chromeless.some((p) => pathname === p || pathname.startsWith(`${p}/`)) ? pathname : 'site';
}

/** Wraps every route, with or without the site chrome (the sign-in pages have none). */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <ScrollToTop />
      <PageSuspense resetKey={boundaryKey(pathname)}>
        <Outlet />
      </PageSuspense>
    </>
  );
}
