import type { StaffToday } from '@lc/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveApi } from '../../features/portal-sessions/test-fixtures.ts';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import StaffTodayPage from './staff-today-page.tsx';

/**
 * The staff home (issue 24, "Today"): each line says what needs someone in words and links to where it is
 * handled; a teacher's (no money, no mail, no inbox) shows none of the director's lines.
 */
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const acorn = {
  classSessionId: 7,
  name: 'Acorn Room',
  daySchedule: 'Monday to Friday, 8:30 am – 12:30 pm',
  expected: 8,
  arrived: 6,
  gone: 2,
  lateAfter: '2026-11-20T20:40:00.000Z',
  late: [{ studentId: 'b', firstName: 'Ben', lastName: 'Rivera' }],
  allergies: [{ studentId: 'a', firstName: 'Ava', lastName: 'Rivera', allergies: ['Peanuts'] }],
};
const director: StaffToday = {
  date: '2026-11-20',
  at: '2026-11-20T20:45:00.000Z',
  sessions: [acorn],
  closures: [],
  inbox: {
    newCount: 2,
    tourRequests: 1,
    newest: [
      {
        id: 'c-1',
        kind: 'tour',
        familyName: 'Maya Chen',
        childName: 'Leo',
        submitted: '2026-11-20T17:00:00.000Z',
      },
    ],
    toursToday: [
      {
        id: 'c-9',
        familyName: 'Jordan Ellis',
        childName: 'Nora',
        startsAt: '2026-11-20T23:30:00.000Z',
        minutes: 45,
      },
    ],
  },
  registrationsOpening: [
    { classSessionId: 9, name: 'Spring Explorers', opensAt: '2026-11-24T16:00:00.000Z', priority: true },
  ],
  announcements: [
    { id: 3, title: 'Pajama day on Friday', sessionName: 'Acorn Room', sendAt: '2026-11-26T15:00:00.000Z' },
  ],
  money: { failedCount: 2, failedTotal: 45_000, overdueFamilies: 3, overdueTotal: 125_050 },
  mailFailed: {
    count: 1,
    newest: [{ to: 'bounced@families.example', subject: 'Receipt', created: '2026-11-20T18:00:00.000Z' }],
  },
  custodyAlerts: [],
  incidents: { awaitingAcknowledgement: 0, awaitingReview: 0 },
};

describe('the staff home', () => {
  it('tells the director what needs them, each line linking to where it is handled', async () => {
    serveApi(fetchMock, { 'GET /api/staff/today': () => jsonReply(200, director) });
    renderPage(<StaffTodayPage />, { path: '/staff' });

    expect(await screen.findByText('Friday, November 20')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Today' })).toBeInTheDocument();
    expect(screen.getByText('Updated 12:45 PM · refreshes every minute')).toBeInTheDocument();

    const sessions = screen.getByRole('region', { name: 'Sessions today' });
    expect(within(sessions).getByRole('link', { name: 'Acorn Room' })).toHaveAttribute(
      'href',
      '/staff/sessions/7',
    );
    expect(
      within(sessions).getByText('8 children expected · 4 here · 2 gone home · 2 not arrived yet'),
    ).toBeInTheDocument();
    expect(within(sessions).getByText('Ben Rivera is still waiting to be picked up')).toBeInTheDocument();
    expect(within(sessions).getByText('Allergy: Peanuts')).toBeInTheDocument();

    const attention = screen.getByRole('region', { name: 'Needs you now' });
    const links = within(attention)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['1 child is waiting to be picked up late', '/staff/attendance'],
      ['2 new messages in the inbox', '/staff/inbox?status=New'],
      ['1 family asks to schedule a tour', '/staff/inbox?status=New&kind=tour'],
      ['2 automatic payments failed', '/staff/balances'],
      ['3 families owe past the due date', '/staff/balances'],
      [
        '“Receipt” could not be delivered to bounced@families.example',
        '/staff/families?q=bounced%40families.example',
      ],
      ['Maya Chen', '/staff/inbox/c-1'],
    ]);
    expect(within(attention).getByText('$450.00 still owed')).toBeInTheDocument();
    expect(within(attention).getByText('$1,250.50 overdue')).toBeInTheDocument();

    // Tours booked for today (decision 028): the time on the center's clock and the family, a link to the message.
    const tours = screen.getByRole('region', { name: 'Tours today' });
    expect(tours).toHaveTextContent('3:30 PM – 4:15 PMJordan Elliswith Nora');
    expect(within(tours).getByRole('link', { name: 'Jordan Ellis' })).toHaveAttribute(
      'href',
      '/staff/inbox/c-9',
    );

    const opening = screen.getByRole('region', { name: 'Registration opening this week' });
    expect(opening).toHaveTextContent('Spring Explorers: returning families from Tue, Nov 24, 8:00 AM');
    const scheduled = screen.getByRole('region', { name: 'Scheduled announcements' });
    expect(scheduled).toHaveTextContent('Pajama day on Friday to Acorn Room, Thu, Nov 26, 7:00 AM');
  });

  it('says how many incident reports wait for a family’s signature and for the review, linking to the list', async () => {
    const withIncidents: StaffToday = {
      ...director,
      sessions: [{ ...acorn, late: [], allergies: [] }],
      inbox: null,
      money: null,
      mailFailed: null,
      incidents: { awaitingAcknowledgement: 2, awaitingReview: 3 },
    };
    serveApi(fetchMock, { 'GET /api/staff/today': () => jsonReply(200, withIncidents) });
    renderPage(<StaffTodayPage />, { path: '/staff' });
    const attention = await screen.findByRole('region', { name: 'Needs you now' });
    expect(
      within(attention).getByRole('link', {
        name: 'Incidents awaiting acknowledgement: 2 · awaiting review: 3',
      }),
    ).toHaveAttribute('href', '/staff/incidents?filter=awaitingAcknowledgement');
  });

  it('a teacher’s home has no money, mail or inbox lines, and says when nothing waits', async () => {
    const teacher: StaffToday = {
      ...director,
      sessions: [{ ...acorn, late: [], allergies: [] }],
      inbox: null,
      money: null,
      mailFailed: null,
      registrationsOpening: [],
      announcements: [],
    };
    serveApi(fetchMock, { 'GET /api/staff/today': () => jsonReply(200, teacher) });
    renderPage(<StaffTodayPage />, { path: '/staff' });

    const attention = await screen.findByRole('region', { name: 'Needs you now' });
    expect(attention).toHaveTextContent('Nothing is waiting for you. Everything is handled.');
    expect(screen.queryByRole('region', { name: 'Tours today' })).toBeNull();
    expect(screen.queryByText(/\$/)).toBeNull();
    expect(screen.getByRole('region', { name: 'Registration opening this week' })).toHaveTextContent(
      'No registration opens in the next seven days.',
    );
    expect(screen.getByRole('region', { name: 'Scheduled announcements' })).toHaveTextContent(
      'Nothing is scheduled to go out.',
    );
  });
});
