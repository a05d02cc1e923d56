/**
 * Route loaders (docs/architecture.md, "Web"): the browser's routes start a page's queries while the page's
 * code is still on its way, and the page then reads them without asking again. Each page's code is held
 * back here until the test lets it load, so a request seen while it is held was sent before the page's code
 * had loaded: a fact, not a race.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { payment, serveApi } from './features/portal-sessions/test-fixtures.ts';
import { classSessionFixture } from './features/testing/class-session-fixture.ts';
import { jsonReply } from './features/testing/render-page.tsx';
import { studentFixture } from './features/testing/student-fixture.ts';
import { setToken } from './lib/auth-token.ts';
import { createQueryClient } from './lib/query-client.ts';
import { startFirstPage, withPagePrefetch } from './lib/route-prefetch.ts';
import { appRoutes } from './router.tsx';

/** A page's code, held back until `load()`; `asked` once the router's lazy page has asked for it. */
const pages = vi.hoisted(() => {
  const held = () => {
    let load = () => {};
    const loaded = new Promise<void>((resolve) => {
      load = resolve;
    });
    return { asked: false, loaded, load: () => load() };
  };
  return { session: held(), billing: held(), students: held() };
});

vi.mock('./pages/public/session-detail-page', async (importOriginal) => {
  pages.session.asked = true;
  await pages.session.loaded;
  return importOriginal();
});
vi.mock('./pages/portal/billing-page', async (importOriginal) => {
  pages.billing.asked = true;
  await pages.billing.loaded;
  return importOriginal();
});
vi.mock('./pages/portal/students-page', async (importOriginal) => {
  pages.students.asked = true;
  await pages.students.loaded;
  return importOriginal();
});

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** The app as the browser runs it (createAppRouter): the routes with their loaders, opened at `url`. */
function renderApp(url: string) {
  const queryClient = createQueryClient();
  const routes = withPagePrefetch(appRoutes, queryClient);
  const hydrationData = startFirstPage(routes, queryClient, new URL(url, 'http://localhost'));
  const router = createMemoryRouter(routes, { initialEntries: [url], hydrationData });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return router;
}

/** How many times `path` was asked for with GET. */
function requestsFor(path: string): number {
  return fetchMock.mock.calls.filter(
    ([input, init]) => String(input) === path && (init?.method ?? 'GET') === 'GET',
  ).length;
}

function validToken(givenName: string): string {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const payload = btoa(JSON.stringify({ sub: '1', given_name: givenName, exp })).replace(/=+$/, '');
  return `header.${payload}.signature`;
}

describe('route loaders', () => {
  it('asks for a public session while the session page’s code loads, and the page shows it without asking again', async () => {
    serveApi(fetchMock, {
      'GET /api/ClassSession/7': () =>
        jsonReply(200, classSessionFixture({ id: 7, name: 'Spring Mornings' })),
    });
    const router = renderApp('/faq');
    await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' });
    expect(fetchMock).not.toHaveBeenCalled();

    await act(() => router.navigate('/sessions/7'));
    await waitFor(() => expect(pages.session.asked).toBe(true));
    await waitFor(() => expect(requestsFor('/api/ClassSession/7')).toBe(1));
    expect(screen.queryByRole('heading', { level: 1, name: 'Spring Mornings' })).not.toBeInTheDocument();

    act(() => pages.session.load());
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring Mornings' })).toBeInTheDocument();
    expect(requestsFor('/api/ClassSession/7')).toBe(1);
  });

  it('asks for a signed-out visitor’s portal page nothing: the guard sends them to log in', async () => {
    const router = renderApp('/faq');
    await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' });

    await act(() => router.navigate('/dashboard/billing'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for a signed-in parent’s payments while the billing page’s code loads, and the page shows them without asking again', async () => {
    setToken(validToken('Ana'));
    serveApi(fetchMock, { 'GET /api/Billing': () => jsonReply(200, [payment({ finalAmount: 175_000 })]) });
    const router = renderApp('/faq');
    await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' });

    await act(() => router.navigate('/dashboard/billing'));
    await waitFor(() => expect(pages.billing.asked).toBe(true));
    await waitFor(() => expect(requestsFor('/api/Billing')).toBe(1));
    expect(screen.queryByRole('heading', { level: 1, name: 'Billing' })).not.toBeInTheDocument();

    act(() => pages.billing.load());
    expect(await screen.findAllByText('$1,750.00', { exact: false })).not.toHaveLength(0);
    expect(requestsFor('/api/Billing')).toBe(1);
  });

  it('asks for the first page’s data while its code loads when the app opens at a portal page', async () => {
    setToken(validToken('Ana'));
    serveApi(fetchMock, { 'GET /api/Student': () => jsonReply(200, [studentFixture('s1', 'Maya')]) });
    renderApp('/dashboard/my-students');

    await waitFor(() => expect(requestsFor('/api/Student')).toBe(1));
    await waitFor(() => expect(pages.students.asked).toBe(true));
    act(() => pages.students.load());
    expect(await screen.findByText('Maya Lee', { exact: false })).toBeInTheDocument();
    expect(requestsFor('/api/Student')).toBe(1);
  });
});
