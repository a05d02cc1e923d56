import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderPage } from '../testing/render-page.tsx';
import { InviteForm } from './invite-form.tsx';

/**
 * "Invite someone" (issue 10) on a failure: the browser's check and the server's field message by their
 * fields with focus, anything else in a toast; an invitation sent says so and empties the form.
 */
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('invite form', () => {
  it('puts the server’s message by its field with focus, a 500 in a toast, then sends and empties', async () => {
    fetchMock
      .mockResolvedValueOnce(
        jsonReply(409, {
          error: 'Conflict',
          message: 'Check the invitation.',
          fields: { emailAddress: 'That address is already on the staff.' },
          requestId: 'r',
        }),
      )
      .mockResolvedValueOnce(
        jsonReply(500, { error: 'Internal Server Error', message: 'Boom.', requestId: 'r' }),
      )
      .mockResolvedValueOnce(
        jsonReply(201, {
          id: 'u1',
          firstName: 'Priya',
          lastName: 'Nair',
          emailAddress: 'priya@staff.example',
          role: 'Staff',
          hasSignedIn: false,
          inboxAccess: false,
        }),
      );
    renderPage(<InviteForm />, { path: '/' });
    const form = within(screen.getByRole('form', { name: 'Invite someone to the staff' }));
    const send = () => fireEvent.click(form.getByRole('button', { name: 'Send invitation' }));

    send();
    expect(await form.findByText('Please enter their first name')).toBeVisible();
    await waitFor(() => expect(form.getByRole('textbox', { name: /^First name/ })).toHaveFocus());
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(form.getByRole('textbox', { name: /^First name/ }), { target: { value: 'Priya' } });
    fireEvent.change(form.getByRole('textbox', { name: /^Last name/ }), { target: { value: 'Nair' } });
    const email = form.getByRole('textbox', { name: /^Email address/ });
    fireEvent.change(email, { target: { value: 'priya@staff.example' } });
    send();
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription('That address is already on the staff.');
    expect(screen.queryByText('The invitation could not be sent. Please try again.')).toBeNull();

    send();
    expect(
      await screen.findByText('The invitation could not be sent. Please try again.'),
    ).toBeInTheDocument();

    send();
    expect(await screen.findByText('We emailed Priya a link to choose a password.')).toBeInTheDocument();
    await waitFor(() => expect(form.getByRole('textbox', { name: /^First name/ })).toHaveValue(''));
    expect(JSON.parse(String(fetchMock.mock.calls[2]![1]!.body))).toEqual({
      firstName: 'Priya',
      lastName: 'Nair',
      emailAddress: 'priya@staff.example',
      role: 'Staff',
    });
  });
});
