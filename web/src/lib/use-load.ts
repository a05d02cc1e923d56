/**
 * A small loader hook for pages that read from the API: the state of one request, re-run when its key
 * changes or on `retry()`, with the previous request aborted so a slow reply never overwrites a newer one.
 * A page rendered on the server starts from the data it was rendered with (see `page-data.ts`).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { usePageData } from './page-data.ts';

export type LoadState<T> =
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown };

/**
 * Runs `load` when `key` changes (and again on `retry()`), cancelling the previous request so a slow reply
 * never overwrites a newer one. When the server rendered this page with data under `key`, the first state
 * is that data and the first load is skipped (no second fetch while hydrating); the seed is then used up.
 */
export function useLoad<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
): LoadState<T> & { retry: () => void } {
  const pageData = usePageData();
  const [state, setState] = useState<LoadState<T>>(() =>
    pageData?.has(key) ? { status: 'success', data: pageData.get(key) as T } : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  const seeded = useRef(state.status === 'success');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is re-created each render; `key` names what it loads.
  useEffect(() => {
    if (seeded.current) {
      // Hydrated with the server's data: use it once; a later visit to this page loads afresh.
      seeded.current = false;
      pageData?.delete(key);
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
