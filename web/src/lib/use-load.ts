/**
 * A small loader hook for pages that read from the API: the state of one request, re-run when its key
 * changes or on `retry()`, with the previous request aborted so a slow reply never overwrites a newer one.
 */
import { useCallback, useEffect, useState } from 'react';

export type LoadState<T> =
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown };

/**
 * Runs `load` when `key` changes (and again on `retry()`), cancelling the previous request so a slow reply
 * never overwrites a newer one.
 */
export function useLoad<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
): LoadState<T> & { retry: () => void } {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is re-created each render; `key` names what it loads.
  useEffect(() => {
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
