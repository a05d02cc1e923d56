/**
 * A public page hydrates from the query cache the server dehydrated into it (issue 22; the server's side is
 * tested in entry-server.test.tsx): it shows the server's data at once without asking the API again, and
 * that answer is used once: coming back to the page loads afresh.
 */
import { dehydrate, type QueryKey } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { classSessionKeys, familyKeys, staffKeys } from '../api/query-keys.ts';
import { classSessionFixture } from '../features/testing/class-session-fixture.ts';
import { jsonReply, renderPage } from '../features/testing/render-page.tsx';
import SessionDetailPage from '../pages/public/session-detail-page.tsx';
import SessionsPage from '../pages/public/sessions-page.tsx';
import { readPageState, serializePageState } from './page-state.ts';
import { createQueryClient, hydrateQueries } from './query-client.ts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const SPRING = classSessionFixture({ id: 4, name: 'Spring Mornings', sessionStartDate: '2099-02-02' });

const aTick = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)));

/** The page state the server renderer writes for one answered query, read back from the document. */
async function serverPage(queryKey: QueryKey, data: unknown) {
  const server = createQueryClient(Number.POSITIVE_INFINITY);
  await server.fetchQuery({ queryKey, queryFn: async () => data });
  const json = serializePageState({ queries: dehydrate(server) });
  document.body.innerHTML = `<script type="application/json" id="lc-page-data">${json}</script>`;
  const state = readPageState(document);
  if (!state) throw new Error('no page state');
  return state;
}

/** A browser query client holding the server's answers, as boot.tsx makes it; `release` = "hydrated". */
function hydratedClient(state: Awaited<ReturnType<typeof serverPage>>) {
  const client = createQueryClient();
  let release = () => {};
  hydrateQueries(client, state.queries, (callback) => {
    release = callback;
  });
  return { client, release: () => release() };
}

describe('hydrating from the server’s query cache', () => {
  it('shows the server’s sessions at once, without fetching them again; a later visit loads afresh', async () => {
    const { client, release } = hydratedClient(await serverPage(classSessionKeys.active(), [SPRING]));
    // The answer outlives the tick that drops an unobserved query, while the page's code arrives.
    await aTick();
    const first = renderPage(<SessionsPage />, { path: '/sessions', queryClient: client });
    expect(screen.getByRole('heading', { level: 2, name: 'Spring Mornings' })).toBeInTheDocument();
    await aTick();
    expect(fetchMock).not.toHaveBeenCalled();

    // Hydrated: the server's answer was used once. Leaving the page drops it; coming back asks the API.
    release();
    first.unmount();
    await aTick();
    expect(client.getQueryData(classSessionKeys.active())).toBeUndefined();
    fetchMock.mockResolvedValue(jsonReply(200, [{ ...SPRING, name: 'Spring Mornings, fresh' }]));
    renderPage(<SessionsPage />, { path: '/sessions', queryClient: client });
    expect(screen.getByText('Loading sessions…')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Spring Mornings, fresh' }),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps the server’s null (an unknown session) as data, not as loading, without asking the API', async () => {
    const { client } = hydratedClient(await serverPage(classSessionKeys.publicDetail('999'), null));
    renderPage(<SessionDetailPage />, {
      path: '/sessions/999',
      pattern: '/sessions/:classSessionId',
      queryClient: client,
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'We couldn’t find that session' }),
    ).toBeInTheDocument();
    await aTick();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a page the server sent nothing for loads as before', async () => {
    const { client } = hydratedClient(await serverPage(classSessionKeys.publicDetail('4'), SPRING));
    fetchMock.mockResolvedValue(jsonReply(200, [SPRING]));
    renderPage(<SessionsPage />, { path: '/sessions', queryClient: client });
    expect(screen.getByText('Loading sessions…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Spring Mornings' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('an answer no page took is dropped once the page is hydrated', async () => {
    const { client, release } = hydratedClient(await serverPage(classSessionKeys.active(), [SPRING]));
    await aTick();
    expect(client.getQueryData(classSessionKeys.active())).toEqual([SPRING]);
    release();
    await aTick();
    expect(client.getQueryData(classSessionKeys.active())).toBeUndefined();
  });
});

describe('the query client’s rules', () => {
  it('reads afresh per visit, never stale by time, no retry; the staff keys keep decision 010’s rules', () => {
    const client = createQueryClient();
    expect(client.defaultQueryOptions({ queryKey: familyKeys.students() })).toMatchObject({
      gcTime: 0,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
      networkMode: 'always',
    });
    for (const queryKey of [staffKeys.roster('3'), staffKeys.withdrawPreview(3, 'child')])
      expect(client.defaultQueryOptions({ queryKey })).toMatchObject({
        gcTime: 300_000,
        staleTime: 15_000,
        networkMode: 'offlineFirst',
      });
  });

  it('retries a staff read once while online, never while offline (issue 25)', () => {
    const retry = createQueryClient().defaultQueryOptions({ queryKey: staffKeys.roster('3') }).retry;
    if (typeof retry !== 'function') throw new Error('the staff keys retry by a rule');
    const online = vi.spyOn(navigator, 'onLine', 'get');
    try {
      online.mockReturnValue(true);
      expect([retry(0, new Error('no answer')), retry(1, new Error('no answer'))]).toEqual([true, false]);
      online.mockReturnValue(false);
      expect(retry(0, new Error('no answer'))).toBe(false);
    } finally {
      online.mockRestore();
    }
  });

  it('sends a write even when the browser believes it is offline, so the form can say it failed', () => {
    expect(createQueryClient().getDefaultOptions().mutations?.networkMode).toBe('always');
  });
});
