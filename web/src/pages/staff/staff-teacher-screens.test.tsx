import type { Board, Roster, StaffSelf } from '@lc/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveApi } from '../../features/portal-sessions/test-fixtures.ts';
import { InboxNavLink } from '../../features/staff-inbox/inbox-nav-link.tsx';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { clearToken, setToken } from '../../lib/auth-token.ts';
import StaffLayout from './staff-layout.tsx';
import StaffRosterPage from './staff-roster-page.tsx';

/**
 * Issue 21, "Teachers see what is not theirs": a teacher's staff screens ask only for what they may read
 * (no inbox count without the inbox) and show only what is theirs (no Payment column on the roster).
 */
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

/** A signed-in staff member's token (only the claims the pages read; the signature is not checked here). */
function tokenAs(role: 'Staff' | 'Admin'): string {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const claims = { sub: '1', email: 'maya@center.example', given_name: 'Maya', role, exp };
  return `header.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.signature`;
}

const requested = () =>
  fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);

const TEACHER: StaffSelf = { role: 'Staff', firstName: 'Dana', lastName: 'Okafor', inboxAccess: false };

const session: Roster['session'] = {
  id: 7,
  name: 'Acorn Room',
  programName: null,
  sessionStartDate: '2026-11-02',
  sessionEndDate: '2026-12-18',
  daySchedule: 'Monday to Friday, 8:30 am – 12:30 pm',
  isActive: true,
  rosterSize: 12,
  seatsTaken: 1,
  enrolledCount: 1,
  waitlistCount: 0,
  revenue: null,
  teachers: [{ id: '1', firstName: 'Maya', lastName: 'Teacher' }],
};

const child: Roster['enrolled'][number] = {
  studentId: 'a0a0a0a0-0000-4000-8000-000000000001',
  firstName: 'Ava',
  lastName: 'Rivera',
  dateOfBirth: '2022-01-15',
  ageMonthsAtStart: 57,
  allergies: ['Peanuts'],
  parents: [
    { name: 'Jordan Rivera', relationship: 'Parent', phone: null, emailAddress: 'j@families.example' },
  ],
  pickup: [],
  doNotRelease: [],
  enrolledAt: '2026-10-01T16:00:00.000Z',
  holdExpiresAt: null,
};

const NO_BOARD: Board = { date: '2026-11-20', sessions: [] };

function renderRoster() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderPage(
    <QueryClientProvider client={client}>
      <StaffRosterPage />
    </QueryClientProvider>,
    { path: '/staff/sessions/7', pattern: '/staff/sessions/:classSessionId' },
  );
}

describe('a teacher’s staff screens', () => {
  it('the staff layout of a teacher without the inbox never asks for the inbox count, and shows no Inbox link', async () => {
    setToken(tokenAs('Staff'));
    serveApi(fetchMock, { 'GET /api/staff/me': () => jsonReply(200, TEACHER) });
    renderPage(<StaffLayout />, { path: '/staff' });

    await waitFor(() => expect(requested()).toContain('GET /api/staff/me'));
    const nav = screen.getByRole('navigation', { name: 'Staff' });
    expect(within(nav).getByRole('link', { name: 'Today' })).toHaveAttribute('href', '/staff');
    expect(within(nav).getByRole('link', { name: 'Sessions' })).toHaveAttribute('href', '/staff/sessions');
    expect(await screen.findByText('Dana Okafor · Teacher')).toBeInTheDocument();
    // Give any further request its chance to start: none is the inbox's.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requested().filter((r) => r.includes('/api/staff/inbox'))).toEqual([]);
    expect(within(nav).queryByRole('link', { name: /Inbox/ })).toBeNull();
    // A teacher never sees money or the director's pages.
    for (const name of [
      'Payments',
      'Balances',
      'Reports',
      'Team',
      'Forms',
      'Licensing records',
      'Audit trail',
    ])
      expect(within(nav).queryByRole('link', { name })).toBeNull();
    expect(within(nav).queryByRole('list', { name: 'Money' })).toBeNull();
  });

  it('the director’s sidebar has the money and the center’s pages, grouped by task', async () => {
    setToken(tokenAs('Admin'));
    serveApi(fetchMock, {
      'GET /api/staff/me': () =>
        jsonReply(200, {
          ...TEACHER,
          role: 'Admin',
          firstName: 'Grace',
          inboxAccess: false,
        } satisfies StaffSelf),
    });
    renderPage(<StaffLayout />, { path: '/staff' });
    expect(await screen.findByText('Grace Okafor · Director')).toBeInTheDocument();
    const money = screen.getByRole('list', { name: 'Money' });
    expect(
      within(money)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Payments', 'Balances', 'Reports']);
    const center = screen.getByRole('list', { name: 'Center' });
    expect(
      within(center)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Team', 'Forms', 'Licensing records', 'Audit trail']);
    expect(screen.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/logout');
  });

  it('asks for the count, and shows the link with it, for someone who may read the inbox', async () => {
    serveApi(fetchMock, {
      'GET /api/staff/me': () => jsonReply(200, { ...TEACHER, inboxAccess: true } satisfies StaffSelf),
      'GET /api/staff/inbox/summary': () => jsonReply(200, { newCount: 3 }),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderPage(
      <QueryClientProvider client={client}>
        <ul>
          <InboxNavLink />
        </ul>
      </QueryClientProvider>,
      { path: '/staff' },
    );
    expect(await screen.findByRole('link', { name: 'Inbox, 3 new' })).toHaveAttribute('href', '/staff/inbox');
    expect(requested()).toContain('GET /api/staff/inbox/summary');
  });

  it('a teacher’s roster has no Payment column; the director’s has it', async () => {
    setToken(tokenAs('Staff'));
    serveApi(fetchMock, {
      'GET /api/staff/sessions/7/roster': () =>
        jsonReply(200, {
          session,
          showsMoney: false,
          enrolled: [child],
          pending: [],
          waitlist: [],
        } satisfies Roster),
      'GET /api/staff/attendance/today': () => jsonReply(200, NO_BOARD),
    });
    const teacherView = renderRoster();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toContain('Allergies');
    expect(headers).not.toContain('Payment');
    expect(within(table).getByRole('row', { name: /Ava Rivera/ })).not.toHaveTextContent('Paid');
    teacherView.unmount();

    setToken(tokenAs('Admin'));
    serveApi(fetchMock, {
      'GET /api/staff/sessions/7/roster': () =>
        jsonReply(200, {
          session: { ...session, revenue: 55_000 },
          showsMoney: true,
          enrolled: [{ ...child, paymentStatus: 'Paid' }],
          pending: [],
          waitlist: [],
        } satisfies Roster),
      'GET /api/staff/attendance/today': () => jsonReply(200, NO_BOARD),
      'GET /api/staff/sessions/7/enrollments': () => jsonReply(200, []),
      'GET /api/staff/team': () => jsonReply(200, []),
    });
    renderRoster();
    const directorTable = await screen.findByRole('table');
    expect(
      within(directorTable)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toContain('Payment');
    expect(within(directorTable).getByRole('row', { name: /Ava Rivera/ })).toHaveTextContent('Paid');
  });

  it('a teacher may message and export the children chosen on their roster, never move them; the director may (issue 24)', async () => {
    const roster = (showsMoney: boolean) => () =>
      jsonReply(200, { session, showsMoney, enrolled: [child], pending: [], waitlist: [] } satisfies Roster);
    setToken(tokenAs('Staff'));
    serveApi(fetchMock, {
      'GET /api/staff/sessions/7/roster': roster(false),
      'GET /api/staff/attendance/today': () => jsonReply(200, NO_BOARD),
    });
    const teacherView = renderRoster();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Ava Rivera' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('1 child selected')).toBeInTheDocument();
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Message selected families', 'Export selected', 'Clear selection']);
    teacherView.unmount();

    setToken(tokenAs('Admin'));
    serveApi(fetchMock, {
      'GET /api/staff/sessions/7/roster': roster(true),
      'GET /api/staff/attendance/today': () => jsonReply(200, NO_BOARD),
      'GET /api/staff/sessions/7/enrollments': () => jsonReply(200, []),
      'GET /api/staff/team': () => jsonReply(200, []),
    });
    renderRoster();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    expect(
      within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', {
        name: 'Move selected…',
      }),
    ).toBeInTheDocument();
  });
});
