import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageFallback } from './page-fallback';
import { ScrollToTop } from './scroll-to-top';

/** Wraps every route, with or without the site chrome (the sign-in pages have none). */
export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </>
  );
}
