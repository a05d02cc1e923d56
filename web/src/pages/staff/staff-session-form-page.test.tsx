import { fireEvent, screen, waitFor } from '@testing-library/react';
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
