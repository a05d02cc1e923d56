import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { classSessionFixture } from '../../features/testing/class-session-fixture.ts';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import SessionDetailPage from './session-detail-page.tsx';
import SessionsPage from './sessions-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('sessions page', () => {
  it('lists active sessions earliest first, with Enroll Now or Join the Waitlist as registration allows', async () => {
    fetchMock.mockResolvedValue(
      jsonReply(200, [
        classSessionFixture({
          id: 2,
          name: 'Summer Camp',
          sessionStartDate: '2099-06-15',
          registrationState: 'Full',
          seatsLeft: 0,
        }),
        classSessionFixture({
          id: 1,
          name: 'Spring Mornings',
          sessionStartDate: '2099-02-02',
          registrationState: 'Open',
          seatsLeft: 2,
        }),
      ]),
    );
    renderPage(<SessionsPage />, { path: '/sessions' });

    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['Spring Mornings', 'Summer Camp']);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/ClassSession?active=true');
    expect(screen.getByRole('link', { name: 'Enroll Now in Spring Mornings' })).toHaveAttribute(
      'href',
      '/sessions/1/enroll',
    );
    expect(screen.getByRole('link', { name: 'Join the Waitlist for Summer Camp' })).toHaveAttribute(
      'href',
      '/sessions/2/waitlist',
    );
    expect(screen.getByText('Only 2 seats left')).toBeInTheDocument();
  });

  it('says when no session is open', async () => {
    fetchMock.mockResolvedValue(jsonReply(200, []));
    renderPage(<SessionsPage />, { path: '/sessions' });
    expect(
      await screen.findByText(/No sessions are open right now — join our mailing list by/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'contacting us' })).toHaveAttribute('href', '/contact');
  });

  it('offers to try again when loading fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(jsonReply(200, []));
    renderPage(<SessionsPage />, { path: '/sessions' });
    (await screen.findByRole('button', { name: 'Try again' })).click();
    expect(await screen.findByText(/No sessions are open right now/)).toBeInTheDocument();
  });
});

describe('session detail page', () => {
  it('shows the session and its policies', async () => {
    const policy = {
      id: 1,
      name: 'Late pickup policy',
      htmlValue: '<p>$1 per minute after 12:15 pm.</p>',
      created: '',
      lastUpdated: '',
    };
    fetchMock.mockResolvedValue(
      jsonReply(
        200,
        classSessionFixture({ id: 5, latePickupPolicy: { ...policy, policyType: 'LatePickup' } }),
      ),
    );
    renderPage(<SessionDetailPage />, { path: '/sessions/5', pattern: '/sessions/:classSessionId' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Spring Morning Program' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Late pickup policy' })).toBeInTheDocument();
    expect(screen.getByText('$1 per minute after 12:15 pm.')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/ClassSession/5');
  });

  it('says the session was not found for an unknown id, with a way back', async () => {
    fetchMock.mockResolvedValue(jsonReply(404, { error: 'Not Found', message: 'Not found', requestId: 'r' }));
    renderPage(<SessionDetailPage />, { path: '/sessions/999', pattern: '/sessions/:classSessionId' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'We couldn’t find that session' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all sessions' })).toHaveAttribute('href', '/sessions');
  });
});
