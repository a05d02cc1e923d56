/**
 * Route loaders that start a page's queries (docs/architecture.md, "Web"; issue 22): a route names what its
 * page reads on arrival (`handle.prefetch`, a {@link PagePrefetch}); its loader starts those queries and
 * returns at once, so the navigation is not held up (the page shows its own loading state, as it always
 * has) and the requests run while the page's lazily loaded code downloads. The page's `useQuery` then finds
 * its query on the way, or answered, and asks nothing more.
 *
 * The app's client forgets an answer as soon as nothing shows it (`gcTime: 0`, query-client.ts), so each
 * started query is held by an observer of its own until the page's observer has subscribed, or for
 * {@link PREFETCH_HOLD_MS} when no page comes to read it (the visitor went elsewhere first).
 */
import {
  type FetchQueryOptions,
  type QueryClient,
  type QueryKey,
  QueryObserver,
} from '@tanstack/react-query';
import { type HydrationState, matchRoutes, type Params, type RouteObject } from 'react-router';
import { isSignedIn } from './auth-token.ts';

/** How long a started query waits for its page to read it (the page's code may still be downloading). */
export const PREFETCH_HOLD_MS = 30_000;

/** Starts one of the page's queries: its options as the page's `useQuery` takes them. */
export type StartQuery = <TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
) => void;

/** The address a loader runs for: the route's parameters and the whole URL (for its search). */
export type PageAddress = { params: Params; url: URL };

/** What a page reads on arrival, named by its route's `handle.prefetch`. */
export type PagePrefetch = {
  /**
   * Starts the page's queries for `address`, each through `query`; may first wait for the code of their
   * query options (a page's `useQuery` reads a query that is already on its way whenever it starts).
   */
  start: (address: PageAddress, query: StartQuery) => void | Promise<void>;
  /**
   * Only for a signed-in parent (spec §2 Guard): signed out, the route guard sends them to log in, and the
   * API would refuse the request (401).
   */
  signedIn?: boolean;
};

/** The page prefetch a route's handle names, if any. */
function prefetchOf(route: RouteObject): PagePrefetch | undefined {
  return (route.handle as { prefetch?: PagePrefetch } | null | undefined)?.prefetch;
}

/** Starts the queries `prefetch` names for `address` in `client`, unless the page is for signed-in parents only. */
export function startPageQueries(client: QueryClient, prefetch: PagePrefetch, address: PageAddress): void {
  if (prefetch.signedIn && !isSignedIn()) return;
  const start = async () => prefetch.start(address, (options) => startQuery(client, options));
  start().catch(() => {
    // The query options' code did not arrive (no network, a new deployment): the page, which needs the
    // same code, says so itself; without its head start it would have read nothing earlier anyway.
  });
}

function startQuery<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  client: QueryClient,
  options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): void {
  const cached = client.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  // Shown already (the page being left reads the same key) or held (the server rendered the page): the new
  // page reads it as it is, as it did before pages had loaders.
  if (cached && cached.getObserversCount() > 0) return;
  holdForPage(client, options.queryKey);
  // Fetches unless the cache holds a fresh answer; never rejects (the page reads a failure itself).
  void client.prefetchQuery(options);
}

/**
 * Keeps the query `queryKey` in `client` until another observer (the page's) has subscribed to it, or for
 * {@link PREFETCH_HOLD_MS}. Released a task after the page subscribes, so that a subscription React makes,
 * drops and makes again (StrictMode) never leaves the query without observers while it is fetching.
 */
function holdForPage(client: QueryClient, queryKey: QueryKey): void {
  const holder = new QueryObserver(client, { queryKey, enabled: false });
  const query = holder.getCurrentQuery();
  const unhold = holder.subscribe(() => {});
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearTimeout(timer);
    stopWatching();
    unhold();
  };
  const stopWatching = client.getQueryCache().subscribe((event) => {
    if (event.type === 'observerAdded' && event.query === query && event.observer !== holder) {
      setTimeout(release, 0);
    }
  });
  const timer = setTimeout(release, PREFETCH_HOLD_MS);
}

/**
 * `routes` with a loader on every route whose handle names a {@link PagePrefetch}: it starts the page's
 * queries in `client` and returns at once. Each such route gets an id, for {@link startFirstPage}.
 */
export function withPagePrefetch(routes: RouteObject[], client: QueryClient): RouteObject[] {
  let next = 0;
  const attach = (list: RouteObject[]): RouteObject[] =>
    list.map((route): RouteObject => {
      const prefetch = prefetchOf(route);
      const loading = prefetch && {
        id: route.id ?? `prefetch-${next++}:${route.path ?? ''}`,
        loader: ({ params, request }: { params: Params; request: Request }) => {
          startPageQueries(client, prefetch, { params, url: new URL(request.url) });
          return null;
        },
      };
      if (route.index) return loading ? { ...route, ...loading } : route;
      return { ...route, ...loading, children: route.children && attach(route.children) };
    });
  return attach(routes);
}

/**
 * Starts the first page's queries (the address the app was opened at) and answers the router's hydration
 * data saying its loaders have run, so the router renders that page at once: a page the server rendered
 * hydrates from the same tree, and its queries, restored and held (query-client.ts), are not asked again.
 * `routes` as {@link withPagePrefetch} answered them.
 */
export function startFirstPage(routes: RouteObject[], client: QueryClient, url: URL): HydrationState {
  const loaderData: Record<string, unknown> = {};
  for (const { route, params } of matchRoutes(routes, url.pathname) ?? []) {
    const prefetch = prefetchOf(route);
    if (!prefetch || route.id === undefined) continue;
    loaderData[route.id] = null;
    startPageQueries(client, prefetch, { params, url });
  }
  return { loaderData };
}
