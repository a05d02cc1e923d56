/**
 * The server renderer (issue 12) answers the page's queries into its own query client, renders from them
 * and dehydrates them into the page (issue 22: no second seeding mechanism). The browser's side of it, a page
 * hydrating from that cache, is tested in lib/query-client.test.tsx (one renderer per test file: React's
 * server and DOM renderers in one file share the router's context).
 */
import type { ClassSession, PublicPageData } from '@lc/contract';
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { classSessionKeys } from './api/query-keys.ts';
import { renderPublicPage } from './entry-server.tsx';
import { classSessionFixture } from './features/testing/class-session-fixture.ts';
import { i18n } from './i18n/i18n.ts';
import { type PageState, readPageState } from './lib/page-state.ts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  // The server reads nothing through the API.
  expect(fetchMock).not.toHaveBeenCalled();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const SPRING = classSessionFixture({
  id: 4,
  name: 'Spring </script> & Mornings',
  sessionStartDate: '2099-02-02',
});

/** The catalog as the server reads it; counts what it was asked. */
function catalog(sessions: ClassSession[]) {
  const asked: string[] = [];
  const data: PublicPageData = {
    activeSessions: async () => {
      asked.push('active');
      return sessions;
    },
    session: async (id) => {
      asked.push(`session ${id}`);
      return sessions.find((s) => s.id === id) ?? null;
    },
  };
  return { data, asked };
}

/** Renders `url` on the server and puts its page state in the document, as the server's HTML does. */
async function serverRender(url: string, sessions: ClassSession[]) {
  const { data, asked } = catalog(sessions);
  const page = await renderPublicPage({ url, origin: 'https://example.test', data });
  document.body.innerHTML = `<script type="application/json" id="lc-page-data">${page.dataJson}</script>`;
  return { page, asked, state: readPageState(document) as PageState };
}

describe('server rendering from a dehydrated query cache', () => {
  it('renders /sessions from the catalog and writes the same answer into the page, script-safe', async () => {
    const { page, asked, state } = await serverRender('/sessions', [SPRING]);
    expect(page.status).toBe(200);
    expect(asked).toEqual(['active']);
    expect(page.appHtml).toContain('Spring &lt;/script&gt; &amp; Mornings');
    expect(page.dataJson).not.toContain('<');
    const [query] = state.queries.queries;
    expect(query?.queryKey).toEqual(classSessionKeys.active());
    expect(query?.state.data).toEqual([SPRING]);
    // The formatting results the render recorded travel with it (no Intl started while hydrating).
    expect(Object.values(state.formats ?? {})).toContain('$1,850.00');
  });

  it('keeps an unknown session as data (null), answering 404', async () => {
    const { page, asked, state } = await serverRender('/sessions/999', [SPRING]);
    expect(page.status).toBe(404);
    expect(asked).toEqual(['session 999']);
    expect(state.queries.queries.map((q) => [q.queryKey, q.state.data])).toEqual([
      [classSessionKeys.publicDetail('999'), null],
    ]);
  });

  it('a page without queries carries an empty cache', async () => {
    const { state } = await serverRender('/faq', []);
    expect(state.queries.queries).toEqual([]);
  });
});
