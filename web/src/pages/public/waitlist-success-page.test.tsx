import type { WaitlistSubmission } from '@lc/contract';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  sessionSummaryFixture,
  THEO_ID,
  waitlistPlaceFixture,
} from '../../features/enrollment/enrollment-fixtures.ts';
import { jsonReply } from '../../features/testing/render-page.tsx';
import { theme } from '../../theme.ts';
import WaitlistSuccessPage from './waitlist-success-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

/** The success page at /sessions/1/waitlist/success, with `state` as the waitlist page passes it. */
function renderSuccess(state?: { places: WaitlistSubmission[] }) {
  const router = createMemoryRouter(
    [{ path: '/sessions/:classSessionId/waitlist/success', element: <WaitlistSuccessPage /> }],
    { initialEntries: [{ pathname: '/sessions/1/waitlist/success', state }] },
  );
  return render(
    <MantineProvider theme={theme} env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

const THEO_PLACE = waitlistPlaceFixture({
  id: 'place-2',
  studentId: THEO_ID,
  student: { id: THEO_ID, firstName: 'Theo', lastName: 'Avery', fullName: 'Theo Avery' },
  position: 4,
});

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('waitlist success page', () => {
  it('shows each child’s position from the places just received, without asking again', async () => {
    renderSuccess({ places: [waitlistPlaceFixture(), THEO_PLACE] });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You’re on the waitlist' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Maya is number 3 on the waitlist.')).toBeInTheDocument();
    expect(screen.getByText('Theo is number 4 on the waitlist.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'What happens next' })).toHaveTextContent('48 hours');
    expect(screen.getByRole('link', { name: 'Go to the Student Portal' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.getByRole('link', { name: 'Browse other sessions' })).toHaveAttribute('href', '/sessions');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the family’s places in this session when opened without them (a reload)', async () => {
    fetchMock.mockResolvedValue(
      jsonReply(200, [
        waitlistPlaceFixture({
          id: 'other',
          classSessionId: 2,
          classSession: sessionSummaryFixture({ id: 2, name: 'Summer Camp' }),
          position: 1,
        }),
        waitlistPlaceFixture({ position: 1 }),
        { ...THEO_PLACE, status: 'Offered', position: null, expires: '2026-01-14T18:30:00Z' },
      ]),
    );
    renderSuccess();
    expect(
      await screen.findByText('Maya is number 1 on the waitlist — next in line for a seat.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Good news: a seat opened up and is saved for Theo until January 14 at 10:30 AM.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enroll Theo now' })).toHaveAttribute(
      'href',
      '/sessions/1/enroll',
    );
    expect(screen.queryByText(/Summer Camp/)).not.toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/ClassSessionEnrollment/Waitlist');
  });

  it('says so when no child of the family is on this waitlist', async () => {
    fetchMock.mockResolvedValue(jsonReply(200, []));
    renderSuccess();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You’re not on this waitlist yet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join the waitlist' })).toHaveAttribute(
      'href',
      '/sessions/1/waitlist',
    );
  });
});
