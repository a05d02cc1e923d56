/**
 * The web app's server state (issue 22: one layer, TanStack Query, for every page). Keys come from the
 * factories in `api/query-keys.ts`; `AppProviders` gives the client to the pages. A public page rendered on
 * the server brings its queries along (page-state.ts), restored by {@link hydrateQueries}.
 */
import { type DehydratedState, hydrate, QueryClient, QueryObserver } from '@tanstack/react-query';
import { staffKeys } from '../api/query-keys.ts';

/** Whether the browser believes it is online (true where there is no browser: the server renderer). */
const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * The staff keys' rules: TanStack Query's own defaults but for a 15 s staleTime and one retry (decision 010).
 * Offline (issue 25, decision 031) a read is still sent once (`offlineFirst`), so the service worker can
 * answer the reply this device saved; it is not retried while the browser is offline, so a page never
 * saved shows that it could not load instead of waiting.
 */
const STAFF_QUERIES = {
  staleTime: 15_000,
  retry: (failures: number) => failures < 1 && browserOnline(),
  gcTime: 5 * 60_000,
  networkMode: 'offlineFirst',
} as const;

/**
 * A query client for the browser or a test. Its reads behave as the pages always have:
 * - each visit to a page loads afresh: an answer leaves the cache as soon as nothing shows it (`gcTime: 0`);
 * - while a page is open its data changes only when the page asks: never stale by time (`staleTime`
 *   Infinity, so no refetch on focus, on reconnecting or when a second part of the page reads the same key);
 *   a write invalidates the keys it changed, and "Try again" refetches;
 * - a failed read shows its error at once (`retry: false`), and a read is sent even when the browser
 *   believes it is offline (`networkMode: 'always'`), so the page says it failed instead of waiting, and
 *   the service worker can answer what this device saved (issue 25);
 * - a write is sent even offline too (`networkMode: 'always'`): it fails and the page says so, where
 *   TanStack Query's default would hold it silently until the browser is back online.
 *
 * The staff back office's keys keep their own rules (decision 010: a list is cached by its filters for 15 s,
 * refetched when the window regains focus, retried once); the staff pages share this client (staffKeys).
 *
 * `gcTime`: the server renderer keeps every answer (Infinity) until it has dehydrated them.
 */
export function createQueryClient(gcTime = 0): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: { gcTime, staleTime: Number.POSITIVE_INFINITY, retry: false, networkMode: 'always' },
      mutations: { networkMode: 'always' },
    },
  });
  for (const area of [staffKeys.all, staffKeys.withdrawPreviews])
    client.setQueryDefaults(area, STAFF_QUERIES);
  return client;
}

/**
 * Restores the queries the server rendered the page with into `client`, before the first render, so the
 * page hydrates from exactly that data and asks the API nothing (issue 12). With `gcTime: 0`, an answer that
 * nothing shows yet would leave the cache at the next tick, while hydrating takes a few frames and the page's
 * lazily loaded code: each restored query is held until `hydrated` calls back (boot.tsx: once the page
 * answers input). Then it goes like any other once its page does, so coming back to the page loads afresh.
 */
export function hydrateQueries(
  client: QueryClient,
  state: DehydratedState,
  hydrated: (release: () => void) => void,
): void {
  hydrate(client, state);
  const holds = state.queries.map(({ queryKey }) =>
    new QueryObserver(client, { queryKey, enabled: false }).subscribe(() => {}),
  );
  hydrated(() => {
    for (const release of holds) release();
  });
}
