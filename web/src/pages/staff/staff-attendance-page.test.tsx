import type { AttendanceRecord, Board, Kiosk, StaffChild } from '@lc/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveApi } from '../../features/portal-sessions/test-fixtures.ts';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import StaffAttendancePage from './staff-attendance-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const AVA = 'a0a0a0a0-0000-4000-8000-000000000001';
const BEN = 'b0b0b0b0-0000-4000-8000-000000000002';
const CLEO = 'c0c0c0c0-0000-4000-8000-000000000003';
const ROSA = 'd0d0d0d0-0000-4000-8000-000000000004';

const boardChild = (overrides: Partial<Board['sessions'][number]['children'][number]>) => ({
  studentId: AVA,
  firstName: 'Ava',
  lastName: 'Rivera',
  allergies: [],
  state: 'NotArrived' as const,
  checkedInAt: null,
  checkedOutAt: null,
  pickedUpBy: null,
  late: false,
  ...overrides,
});

/** Friday, November 20, 2026 at 12:45 pm: Ava is still here after the Acorn Room's 12:40 pm. */
const BOARD: Board = {
  date: '2026-11-20',
  sessions: [
    {
      classSessionId: 7,
      name: 'Acorn Room',
      daySchedule: 'Monday to Friday, 8:30 am – 12:30 pm',
      lateAfter: '2026-11-20T20:40:00.000Z',
      children: [
        boardChild({
          allergies: ['Peanuts', 'Sesame'],
          state: 'In',
          checkedInAt: '2026-11-20T16:31:00.000Z',
          late: true,
        }),
        boardChild({
          studentId: BEN,
          firstName: 'Ben',
          state: 'Out',
          checkedInAt: '2026-11-20T16:40:00.000Z',
          checkedOutAt: '2026-11-20T20:34:00.000Z',
          pickedUpBy: 'Rosa Rivera',
        }),
        boardChild({ studentId: CLEO, firstName: 'Cleo' }),
      ],
    },
  ],
};

const KIOSKS: Kiosk[] = [
  {
    id: 'k1',
    name: 'Front door',
    created: '2026-11-02T16:00:00.000Z',
    createdBy: 'Elena Okafor',
    lastSeenAt: '2026-11-20T16:31:00.000Z',
    revokedAt: null,
  },
];

const AVA_RECORD: StaffChild = {
  child: {
    studentId: AVA,
    firstName: 'Ava',
    lastName: 'Rivera',
    dateOfBirth: '2022-01-15',
    ageMonths: 58,
    allergies: ['Peanuts', 'Sesame'],
    address: null,
  },
  parents: [
    {
      userId: 'p1',
      firstName: 'Jordan',
      lastName: 'Rivera',
      emailAddress: 'jordan@families.example',
      phone: null,
      sharesFamily: false,
    },
  ],
  contacts: [
    {
      id: ROSA,
      firstName: 'Rosa',
      lastName: 'Rivera',
      relationship: 'Grandmother',
      cellPhone: '+16505550199',
      homePhone: null,
      emailAddress: null,
      canPickup: true,
      children: ['Ava Rivera'],
    },
    {
      id: 'greta',
      firstName: 'Greta',
      lastName: 'Lind',
      relationship: 'Neighbour',
      cellPhone: null,
      homePhone: null,
      emailAddress: null,
      canPickup: false,
      children: ['Ava Rivera'],
    },
  ],
  enrollments: [],
  waitlist: [],
  attendance: [],
  changes: [],
  restrictions: [],
  correction: null,
};

const RECORD: AttendanceRecord = {
  id: 'r1',
  kind: 'CheckOut',
  timestamp: '2026-11-20T20:34:00.000Z',
  studentId: BEN,
  childName: 'Ben Rivera',
  classSessionId: 7,
  sessionName: 'Acorn Room',
  trusteeId: ROSA,
  adultName: 'Rosa Rivera',
  method: 'Pass',
  secondFactor: 'Pin',
  staffName: null,
};

function renderAttendance(path = '/staff/attendance') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderPage(
    <QueryClientProvider client={client}>
      <StaffAttendancePage />
    </QueryClientProvider>,
    { path, pattern: '/staff/attendance' },
  );
}

const errorReply = (status: number, message: string, fields?: Record<string, string>) =>
  jsonReply(status, { error: 'Refused', message, requestId: 'r', ...(fields ? { fields } : {}) });

describe('staff attendance: today’s board', () => {
  it('shows today’s board: counts, allergies flagged, a late pickup marked in words, each child’s state', async () => {
    serveApi(fetchMock, {
      'GET /api/staff/attendance/today': () => jsonReply(200, BOARD),
      'GET /api/staff/kiosks': () => jsonReply(200, KIOSKS),
    });
    renderAttendance();

    const card = await screen.findByRole('region', { name: 'Acorn Room' });
    expect(screen.getByRole('tab', { name: 'Today', selected: true })).toBeInTheDocument();
    expect(card).toHaveTextContent('Monday to Friday, 8:30 am – 12:30 pm · Late after 12:40 PM');
    expect(card).toHaveTextContent('1 in · 1 picked up · 1 not arrived');
    expect(within(card).getByRole('alert')).toHaveTextContent('Ava is still here after pickup time');

    const table = within(card).getByRole('region', { name: 'Acorn Room: today’s children' });
    const [, ava, ben, cleo] = within(table).getAllByRole('row') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(ava).getByRole('link', { name: 'Ava Rivera' })).toHaveAttribute(
      'href',
      `/staff/children/${AVA}`,
    );
    expect(within(ava).getByText('Allergy: Peanuts')).toBeInTheDocument();
    expect(within(ava).getByText('Allergy: Sesame')).toBeInTheDocument();
    expect(ava).toHaveTextContent('In since 8:31 AM');
    expect(within(ava).getByText('Late pickup')).toBeInTheDocument();
    expect(ava.className).toMatch(/lateRow/);
    expect(within(ava).getByRole('button', { name: 'Check out Ava Rivera' })).toBeInTheDocument();

    expect(ben).toHaveTextContent('Picked up at 12:34 PM by Rosa Rivera');
    expect(within(ben).queryByText('Late pickup')).toBeNull();
    expect(within(ben).queryByRole('button')).toBeNull();
    expect(ben.className).not.toMatch(/lateRow/);

    expect(cleo).toHaveTextContent('Not arrived');
    expect(within(cleo).getByRole('button', { name: 'Check in Cleo Rivera' })).toBeInTheDocument();

    const tablets = screen.getByRole('region', { name: 'Door tablets table' });
    expect(within(tablets).getByRole('row', { name: /Front door/ })).toHaveTextContent('Elena Okafor');
    expect(within(tablets).getByRole('button', { name: 'Stop the tablet “Front door”' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the door kiosk on this device' })).toHaveAttribute(
      'href',
      '/staff/kiosk',
    );
  });

  it('says so warmly when no session meets today', async () => {
    serveApi(fetchMock, {
      'GET /api/staff/attendance/today': () => jsonReply(200, { date: '2026-11-21', sessions: [] }),
      'GET /api/staff/kiosks': () => jsonReply(200, []),
    });
    renderAttendance();
    expect(await screen.findByText(/^No sessions meet today\./)).toBeInTheDocument();
    expect(screen.getByText(/^Saturday, November 21\./)).toBeInTheDocument();
    expect(
      await screen.findByText(/^No door tablets are set up yet. Open the door kiosk/),
    ).toBeInTheDocument();
  });

  it('stops a door tablet after asking: a refusal shows in the dialog, then it is stopped', async () => {
    let reply = () => errorReply(409, 'This tablet was already stopped.');
    serveApi(fetchMock, {
      'GET /api/staff/attendance/today': () => jsonReply(200, BOARD),
      'GET /api/staff/kiosks': () => jsonReply(200, KIOSKS),
      'POST /api/staff/kiosks/k1/revoke': () => reply(),
    });
    renderAttendance();
    fireEvent.click(await screen.findByRole('button', { name: 'Stop the tablet “Front door”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop this tablet?' });
    expect(dialog).toHaveTextContent('“Front door” stops checking children in and out at once.');
    const stop = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Stop the tablet' }));

    stop();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This tablet was already stopped.');

    reply = () => jsonReply(200, { ...KIOSKS[0], revokedAt: '2026-11-20T20:50:00.000Z' });
    stop();
    expect(
      await screen.findByText('The tablet “Front door” has stopped working as a door kiosk.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('staff attendance: by hand', () => {
  it('checks a child out by hand: errors sit by their field with focus, the server’s refusal shows, then it is done', async () => {
    let posted: unknown[] = [];
    let reply = () => errorReply(400, 'x');
    serveApi(fetchMock, {
      'GET /api/staff/attendance/today': () => jsonReply(200, BOARD),
      'GET /api/staff/kiosks': () => jsonReply(200, KIOSKS),
      [`GET /api/staff/children/${AVA}`]: () => jsonReply(200, AVA_RECORD),
      'POST /api/staff/attendance': () => reply(),
    });
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') posted = [...posted, JSON.parse(String(init.body))];
      return original(input, init);
    });
    renderAttendance();

    fireEvent.click(await screen.findByRole('button', { name: 'Check out Ava Rivera' }));
    const dialog = await screen.findByRole('dialog', { name: 'Check a child out' });
    const adult = await within(dialog).findByRole('combobox', { name: /Who is picking up/ });
    // Only the parents and the contacts allowed to pick up are offered; the others are named apart.
    expect(
      within(adult)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Choose who is picking up',
      'Jordan Rivera (parent)',
      'Rosa Rivera (Grandmother)',
      'Someone else…',
    ]);
    expect(dialog).toHaveTextContent('Not allowed to pick up: Greta Lind.');

    // Nobody chosen: the error is the select's, and it takes focus.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check out Ava' }));
    await waitFor(() => expect(adult).toHaveAccessibleDescription(/Choose who is picking up/));
    expect(adult).toHaveAttribute('aria-invalid', 'true');
    expect(adult).toHaveFocus();

    // Someone else, without a name: the name field says so.
    fireEvent.change(adult, { target: { value: 'someone-else' } });
    const name = await within(dialog).findByRole('textbox', { name: /Adult’s full name/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check out Ava' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(/Name the adult who is picking up/));
    expect(name).toHaveFocus();
    expect(posted).toEqual([]);

    // The server refuses Rosa (her pickup right was just withdrawn): its message sits by the select.
    fireEvent.change(adult, { target: { value: ROSA } });
    reply = () =>
      errorReply(400, 'Rosa is not allowed to pick up Ava.', {
        trusteeId: 'Rosa is not allowed to pick up Ava. Call the family before letting Ava go.',
      });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check out Ava' }));
    await waitFor(() => expect(adult).toHaveAccessibleDescription(/Rosa is not allowed to pick up Ava/));
    expect(adult).toHaveFocus();
    expect(posted).toEqual([
      { studentId: AVA, classSessionId: 7, kind: 'CheckOut', trusteeId: ROSA, adultName: null },
    ]);

    // A refusal about the child, not a field, shows in the dialog.
    fireEvent.change(adult, { target: { value: 'parent:p1' } });
    reply = () => errorReply(409, 'Ava was already picked up at 12:44 PM.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check out Ava' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Ava was already picked up at 12:44 PM.',
    );
    expect(posted.at(-1)).toEqual({
      studentId: AVA,
      classSessionId: 7,
      kind: 'CheckOut',
      trusteeId: null,
      adultName: 'Jordan Rivera',
    });

    reply = () =>
      jsonReply(201, {
        studentId: AVA,
        classSessionId: 7,
        firstName: 'Ava',
        outcome: 'done',
        reason: null,
        at: '2026-11-20T20:45:00.000Z',
      });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check out Ava' }));
    expect(
      await screen.findByText('Ava is checked out with Jordan Rivera. The family has been told.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('staff attendance: history', () => {
  it('shows the history from the URL, with the CSV’s columns and a note when it stops at 500', async () => {
    serveApi(fetchMock, {
      'GET /api/staff/attendance?classSessionId=7': () =>
        jsonReply(200, { records: [RECORD], truncated: true }),
      'GET /api/staff/kiosks': () => jsonReply(200, KIOSKS),
      'GET /api/staff/sessions?period=all&page=1&pageSize=100&sort=start&dir=desc': () =>
        jsonReply(200, { items: [], total: 0, page: 1, pageSize: 100 }),
    });
    renderAttendance('/staff/attendance?view=history&classSessionId=7');
    const table = await screen.findByRole('region', { name: 'Attendance history table' });
    expect(screen.getByRole('tab', { name: 'History', selected: true })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Time', 'Child', 'Session', 'Event', 'Adult', 'How', 'Second factor', 'Staff']);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      'Nov 20, 202612:34 PMBen RiveraAcorn RoomPickupRosa RiveraPass scannedPIN—',
    );
    expect(
      screen.getByText(/^Showing the newest 500 records \(the CSV has them all\)\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });
});
