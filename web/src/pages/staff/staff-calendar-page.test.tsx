import type { StaffTourSlot } from '@lc/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveApi } from '../../features/portal-sessions/test-fixtures.ts';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import StaffCalendarPage from './staff-calendar-page.tsx';

/**
 * /staff/calendar's tour times (decision 028) for the director: the times by day on the center's clock, who
 * booked (a link to their message), a closed day's time marked as not offered; a free time is removed at once,
 * a booked one only after the dialog names the family who will be emailed.
 */
vi.mock('../../lib/auth-token', async (original) => ({
  ...(await original<typeof import('../../lib/auth-token')>()),
  currentRole: () => 'Admin',
}));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const booked: StaffTourSlot = {
  id: 's-1',
  startsAt: '2026-11-24T17:30:00.000Z',
  minutes: 45,
  capacity: 1,
  closedFor: null,
  booked: 1,
  bookings: [{ itemId: 'c-1', familyName: 'Maya Chen', childName: 'Theo', status: 'New' }],
};
const closedDay: StaffTourSlot = {
  id: 's-2',
  startsAt: '2026-11-26T18:00:00.000Z',
  minutes: 30,
  capacity: 2,
  closedFor: 'Thanksgiving',
  booked: 0,
  bookings: [],
};

describe('the calendar’s tour times', () => {
  it('lists them by day with who booked, and asks before removing a booked one', async () => {
    const deleted: string[] = [];
    serveApi(fetchMock, {
      'GET /api/staff/closures': () => jsonReply(200, { from: '2026-11-20', to: '2027-11-20', items: [] }),
      'GET /api/staff/tour-slots': () => jsonReply(200, { items: [booked, closedDay] }),
      'DELETE /api/staff/tour-slots/s-1': () => {
        deleted.push('s-1');
        return new Response(null, { status: 204 });
      },
    });
    renderPage(<StaffCalendarPage />, { path: '/staff/calendar' });

    const tours = await screen.findByRole('region', { name: 'Tour times' });
    const tuesday = await within(tours).findByRole('region', { name: 'Tuesday, November 24, 2026' });
    const row = within(tuesday).getByRole('row', { name: /9:30 AM – 10:15 AM/ });
    expect(row).toHaveTextContent('1 of 1 taken');
    expect(within(row).getByRole('link', { name: 'Maya Chen (Theo)' })).toHaveAttribute(
      'href',
      '/staff/inbox/c-1',
    );
    expect(within(tours).getByText('Not offered: closed for Thanksgiving')).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: /^Remove the tour time Tuesday, November 24/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove a booked tour time?' });
    expect(dialog).toHaveTextContent('Maya Chen will get an email saying we are sorry');
    expect(deleted).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove and email' }));
    await waitFor(() => expect(deleted).toEqual(['s-1']));
  });
});
