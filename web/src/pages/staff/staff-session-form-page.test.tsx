import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { clearToken, setToken } from '../../lib/auth-token.ts';
import StaffSessionFormPage from './staff-session-form-page.tsx';

/**
 * The director's session form (issue 10) on a failure: the server's field message by its field with focus,
 * another refusal in the "Not saved yet" summary, which takes focus, a lost connection in a toast; then the
 * new session's toast and its page.
 */
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const claims = { sub: '1', email: 'd@center.example', given_name: 'Dana', role: 'Admin', exp };
  setToken(`header.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.signature`);
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

describe('the session form', () => {
  it('places each failure where it belongs, then opens the new session', async () => {
    const creates = [
      () =>
        jsonReply(400, {
          error: 'Bad Request',
          message: 'Check the form.',
          fields: { rosterSize: 'The room takes at most 40 children.' },
          requestId: 'r',
        }),
      () => jsonReply(409, { error: 'Conflict', message: 'A session by that name exists.', requestId: 'r' }),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => jsonReply(201, { id: 42, name: 'Garden Explorers' }),
    ];
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST' && String(input) === '/api/ClassSession') return creates.shift()!();
      return jsonReply(200, []);
    });
    renderPage(<StaffSessionFormPage />, { path: '/staff/sessions/new' });
    const type = (label: string | RegExp, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type(/^Name/, 'Garden Explorers');
    type(/^Description/, 'Mornings in the garden.');
    type(/^First day/, '2027-01-11');
    type(/^Last day/, '2027-03-26');
    type(/^Days and hours/, 'Monday to Friday, 8:30 am – 12:30 pm');
    type(/^Registration price/, '450');
    type(/^Seats/, '60');
    const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create session' }));

    create();
    expect(await screen.findByText('The room takes at most 40 children.')).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText(/^Seats/)).toHaveFocus());

    create();
    const summary = (await screen.findByText('A session by that name exists.')).closest('[role="alert"]');
    expect(summary).toHaveTextContent('Not saved yet');
    await waitFor(() => expect(summary).toHaveFocus());

    create();
    expect(await screen.findByText('The session could not be saved. Please try again.')).toBeInTheDocument();

    create();
    expect(
      await screen.findByText('Garden Explorers is set up. Choose who teaches it below.'),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('elsewhere')).toBeInTheDocument();
  });
});

describe('the session form’s payment plan (issue 23)', () => {
  it('adds instalment dates, previews what a family pays, focuses a wrong date and sends the plan', async () => {
    const sent: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST' && String(input) === '/api/ClassSession') {
        sent.push(JSON.parse(String(init.body)));
        return jsonReply(201, { id: 43, name: 'Garden Explorers' });
      }
      return jsonReply(200, []);
    });
    renderPage(<StaffSessionFormPage />, { path: '/staff/sessions/new' });
    const type = (label: string | RegExp, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type(/^Name/, 'Garden Explorers');
    type(/^Description/, 'Mornings in the garden.');
    type(/^First day/, '2027-01-11');
    type(/^Last day/, '2027-03-26');
    type(/^Days and hours/, 'Monday to Friday, 8:30 am – 12:30 pm');
    type(/^Registration price/, '1850');
    type(/^Seats/, '16');
    const plan = screen.getByRole('group', { name: 'Payment plan' });
    // No deposit, no plan: the dates are not asked for.
    expect(within(plan).queryByLabelText('Instalment 1')).toBeNull();
    type(/^Deposit at enrollment/, '350');
    type(/^Plan fee/, '25');
    type('Instalment 1', '2027-02-01');
    fireEvent.click(within(plan).getByRole('button', { name: 'Add an instalment date' }));
    type('Instalment 2', '2027-01-01');
    expect(within(plan).getByRole('region', { name: 'What a family pays on the plan' })).toHaveTextContent(
      'For one child at $1,850.00: $350.00 deposit and the $25.00 plan fee at enrollment ($375.00), then $750.00 on Jan 1, 2027, $750.00 on Feb 1, 2027.',
    );

    // Out of order: said by the first date, which takes focus; nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Create session' }));
    expect(
      await within(plan).findByText(
        'Give each instalment date as a real date, each later than the one before.',
      ),
    ).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText('Instalment 1')).toHaveFocus());
    expect(sent).toHaveLength(0);

    fireEvent.click(within(plan).getByRole('button', { name: 'Remove instalment 2' }));
    type('Instalment 1', '2027-01-15');
    fireEvent.click(within(plan).getByRole('button', { name: 'Add an instalment date' }));
    type('Instalment 2', '2027-02-15');
    fireEvent.click(screen.getByRole('button', { name: 'Create session' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      planDeposit: 35_000,
      planFee: 2_500,
      planDueDates: ['2027-01-15', '2027-02-15'],
    });
  });
});
