import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * spec §2: the page scrolls to top on every route change. Keyed on path and query, not the hash, so the
 * "Skip to content" link (#main) still moves to the content instead of jumping back up.
 */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect must re-run when the route changes.
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, search]);
  return null;
}
