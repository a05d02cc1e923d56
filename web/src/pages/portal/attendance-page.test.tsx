import type { AttendanceRecord } from '@lc/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { studentFixture } from '../../features/testing/student-fixture.ts';
import { i18n } from '../../i18n/i18n.ts';
import AttendancePage from './attendance-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

const student = (id: string, firstName: string) => studentFixture(id, firstName, { lastName: 'Okafor' });
const MAYA = student('3f1c2b9e-8d4a-4c6b-9e2f-1a2b3c4d5e6f', 'Maya');
const LEO = student('7a9d0c1e-2b3f-4a5d-8e6f-0a1b2c3d4e5f', 'Leo');

const record = (overrides: Partial<AttendanceRecord>): AttendanceRecord => ({
  id: crypto.randomUUID(),
  kind: 'CheckIn',
  // 8:31 AM in the center's time zone (Pacific), Tuesday, November 17, 2026.
  timestamp: '2026-11-17T16:31:00.000Z',
  studentId: MAYA.id,
  childName: 'Maya Okafor',
  classSessionId: 1,
  sessionName: 'Fall Morning Session',
  trusteeId: null,
  adultName: 'Rosa Rivera',
  method: 'Pass',
  secondFactor: null,
  staffName: null,
  ...overrides,
});

const RECORDS = [
  record({
    kind: 'CheckOut',
    timestamp: '2026-11-17T20:05:00.000Z',
    method: 'Code',
    secondFactor: 'Pin',
  }),
  record({ method: 'Staff', adultName: 'Chioma Okafor', staffName: 'Ana Ruiz' }),
];

/** Children, and the history `records` for any query; the calls are kept for their query strings. */
function serve(records: AttendanceRecord[]) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/Student') return jsonReply(200, [MAYA, LEO]);
    if (url.startsWith('/api/Student/Attendance')) return jsonReply(200, { records, truncated: false });
    return jsonReply(404, { error: 'Not Found', message: 'Not found', requestId: 'r' });
  });
}

const historyCalls = () =>
  fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/Student/Attendance'));

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('attendance page', () => {
  it('lists drop-offs and pickups with who, when and how', async () => {
    serve(RECORDS);
    renderPage(<AttendancePage />, { path: '/dashboard/attendance' });

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Tue, Nov 17, 2026');
    expect(rows[1]).toHaveTextContent('12:05 PM');
    expect(rows[1]).toHaveTextContent('Maya Okafor');
    expect(rows[1]).toHaveTextContent('Fall Morning Session');
    expect(rows[1]).toHaveTextContent('Picked up by Rosa Rivera');
    expect(rows[1]).toHaveTextContent('Code typed, PIN entered');
    expect(rows[2]).toHaveTextContent('8:31 AM');
    expect(rows[2]).toHaveTextContent('Dropped off by Chioma Okafor');
    expect(rows[2]).toHaveTextContent('By staff (Ana Ruiz)');
    // The phone layout carries the same events.
    const list = screen.getByRole('list', { name: 'Drop-offs and pickups, newest first' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('filters by child and dates, and refuses an end before the start by its field', async () => {
    serve(RECORDS);
    const { router } = renderPage(<AttendancePage />, { path: '/dashboard/attendance' });
    await screen.findByRole('option', { name: 'Leo Okafor' });

    fireEvent.change(screen.getByRole('combobox', { name: 'Child' }), { target: { value: LEO.id } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    const to = screen.getByLabelText('To');
    await waitFor(() => expect(to).toHaveFocus());
    expect(to).toHaveAccessibleDescription('Choose a date on or after the “From” date');

    fireEvent.change(to, { target: { value: '2026-11-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(historyCalls().at(-1)).toBe(
        `/api/Student/Attendance?studentId=${LEO.id}&from=2026-11-10&to=2026-11-20`,
      ),
    );
    expect(router.state.location.search).toBe(`?studentId=${LEO.id}&from=2026-11-10&to=2026-11-20`);
  });

  it('shows the filters of the address, the child too once the children have loaded', async () => {
    serve(RECORDS);
    renderPage(<AttendancePage />, {
      path: `/dashboard/attendance?studentId=${LEO.id}&from=2026-11-10&to=2026-11-20`,
      pattern: '/dashboard/attendance',
    });
    await screen.findByRole('option', { name: 'Leo Okafor' });
    expect(screen.getByRole('combobox', { name: 'Child' })).toHaveValue(LEO.id);
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-10');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-20');
  });

  it('clears the “To” message as soon as “To” is changed', async () => {
    serve(RECORDS);
    renderPage(<AttendancePage />, { path: '/dashboard/attendance' });
    await screen.findByRole('option', { name: 'Leo Okafor' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    const to = screen.getByLabelText('To');
    await waitFor(() => expect(to).toHaveAccessibleDescription('Choose a date on or after the “From” date'));
    fireEvent.change(to, { target: { value: '2026-11-02' } });
    await waitFor(() => expect(to).not.toHaveAccessibleDescription(/Choose a date/));
  });

  it('says what will show up here when nothing has happened yet', async () => {
    serve([]);
    renderPage(<AttendancePage />, { path: '/dashboard/attendance' });

    expect(
      await screen.findByText(
        'No drop-offs or pickups yet. Once your child comes to a session, each check-in and check-out shows up here.',
      ),
    ).toBeInTheDocument();
  });
});

describe('attendance page in Spanish (issue 14)', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('lists drop-offs and pickups in Spanish, with Spanish dates and times', async () => {
    await i18n.changeLanguage('es');
    serve(RECORDS);
    renderPage(<AttendancePage />, { path: '/dashboard/attendance' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Asistencia' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Qué pasó' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('mar, 17 de nov de 2026');
    expect(rows[1]).toHaveTextContent('12:05 p.m.');
    expect(rows[1]).toHaveTextContent('Salió con Rosa Rivera');
    expect(rows[1]).toHaveTextContent('Código escrito, con PIN');
    expect(rows[2]).toHaveTextContent('8:31 a.m.');
    expect(rows[2]).toHaveTextContent('Llegó con Chioma Okafor');
    expect(rows[2]).toHaveTextContent('Por el personal (Ana Ruiz)');
    const list = screen.getByRole('list', {
      name: 'Llegadas y salidas, de la más reciente a la más antigua',
    });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(
      'mar, 17 de nov de 2026, 12:05 p.m. · Código escrito, con PIN',
    );
    expect(screen.queryByText(/Picked up/)).not.toBeInTheDocument();
  });

  it('refuses an end before the start in Spanish, by its field', async () => {
    await i18n.changeLanguage('es');
    serve(RECORDS);
    renderPage(<AttendancePage />, { path: '/dashboard/attendance' });
    await screen.findByRole('option', { name: 'Leo Okafor' });
    expect(screen.getByRole('option', { name: 'Todos los niños' })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-11-10' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ver' }));
    const to = screen.getByLabelText('Hasta');
    await waitFor(() => expect(to).toHaveFocus());
    expect(to).toHaveAccessibleDescription('Elija una fecha igual o posterior a la fecha “Desde”');
  });

  it('says in Spanish when nothing has happened yet', async () => {
    await i18n.changeLanguage('es');
    serve([]);
    renderPage(<AttendancePage />, { path: '/dashboard/attendance' });
    expect(await screen.findByText(/^Todavía no hay llegadas ni salidas\./)).toBeInTheDocument();
  });
});
