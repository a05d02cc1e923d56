import { type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import { PageFallback } from './page-fallback';

/**
 * The Suspense boundary around a lazily loaded page (spec §2: "Lazily loaded pages show '...' while
 * loading"). It is keyed by `resetKey` (by default the path), so moving to a page whose code is still
 * downloading shows '...' instead of leaving the previous page on screen: React Router navigates inside a
 * transition, and a transition keeps an already-shown boundary's old content unless the boundary is new.
 */
export function PageSuspense({ children, resetKey }: { children: ReactNode; resetKey?: string }) {
  const { pathname } = useLocation();
  return (
    <Suspense key={resetKey ?? pathname} fallback={<PageFallback />}>
      {children}
    </Suspense>
  );
}
