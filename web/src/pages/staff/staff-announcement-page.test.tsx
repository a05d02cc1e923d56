/**
 * Composing an announcement (issue 9; issue 21 item 17) as a teacher: the form's own checks by their fields
 * with focus on the first, the server's field message by its field with focus, a failure no field explains
 * in a toast; sending now asks first, then says what went out and goes back to the list.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import StaffAnnouncementPage from './staff-announcement-page.tsx';

vi.mock('../../lib/auth-token', async (original) => ({
  ...(await original<typeof import('../../lib/auth-token')>()),
  currentRole: () => 'Staff',
}));

const fetchMock = vi.fn<typeof fetch>();
let saves: (() => Response | Promise<Response>)[] = [];
let posted: unknown[] = [];
beforeEach(() => {
  saves = [];
  posted = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/staff/sessions'))
      return jsonReply(200, { items: [{ id: 7, name: 'Acorn Room' }], total: 1, page: 1, pageSize: 100 });
    if (url.startsWith('/api/staff/announcements/reach'))
      return jsonReply(200, {
        families: 3,
        email: { families: 3, contacts: 1 },
        sms: { families: 2, contacts: 0 },
      });
    if (init?.method === 'POST' && url === '/api/staff/announcements') {
      posted = [...posted, JSON.parse(String(init.body))];
      return saves.shift()!();
    }
    return jsonReply(404, { error: 'Not Found', message: 'Not found.', requestId: 'r' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const refused = (status: number, fields?: Record<string, string>) =>
  jsonReply(status, {
    error: 'Refused',
    message: 'Check the announcement.',
    requestId: 'r',
    ...(fields ? { fields } : {}),
  });

describe('new announcement', () => {
  it('says what to fix by each field with focus, a failure in a toast, and sends after the yes', async () => {
    renderPage(<StaffAnnouncementPage />, {
      path: '/staff/announcements/new',
      pattern: '/staff/announcements/new',
    });
    const form = within(await screen.findByRole('form', { name: 'New announcement' }));
    const sessions = form.getByRole('textbox', { name: /^Sessions/ });
    const title = form.getByRole('textbox', { name: /^Title/ });
    const sendNow = () => fireEvent.click(form.getByRole('button', { name: 'Send now' }));

    // The form's own checks: the first field in the form's order takes the focus; nothing is sent.
    sendNow();
    expect(await form.findByText('Choose at least one of your sessions.')).toBeVisible();
    expect(form.getByText('Give the announcement a title of at least 3 characters.')).toBeVisible();
    await waitFor(() => expect(sessions).toHaveFocus());

    fireEvent.click(sessions);
    fireEvent.click(await screen.findByRole('option', { name: 'Acorn Room' }));
    fireEvent.change(title, { target: { value: 'Bean planting' } });
    fireEvent.change(form.getByRole('textbox', { name: /^Text message/ }), {
      target: { value: 'Bean planting Thursday: send a small pot!' },
    });

    // Sending now asks first; the server refuses the title: its message by the field, with focus.
    saves.push(() => refused(400, { title: 'That title is already used today.' }));
    sendNow();
    let confirm = await screen.findByRole('dialog', { name: 'Send it now?' });
    fireEvent.click(await within(confirm).findByRole('button', { name: 'Send 2 text messages' }));
    expect(await form.findByText('That title is already used today.')).toBeVisible();
    expect(posted).toEqual([expect.objectContaining({ classSessionIds: [7], title: 'Bean planting' })]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // A failure no field explains: the toast.
    saves.push(() => refused(500));
    sendNow();
    confirm = await screen.findByRole('dialog', { name: 'Send it now?' });
    fireEvent.click(await within(confirm).findByRole('button', { name: 'Send 2 text messages' }));
    expect(
      await screen.findByText('The announcement could not be saved. Please try again.'),
    ).toBeInTheDocument();
    expect(form.queryByText('That title is already used today.')).toBeNull();

    saves.push(() =>
      jsonReply(201, {
        items: [],
        message: 'Sent 1 announcement; 0 emails and 2 text messages on their way.',
      }),
    );
    sendNow();
    confirm = await screen.findByRole('dialog', { name: 'Send it now?' });
    fireEvent.click(await within(confirm).findByRole('button', { name: 'Send 2 text messages' }));
    expect(
      await screen.findByText('Sent 1 announcement; 0 emails and 2 text messages on their way.'),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('elsewhere')).toBeInTheDocument();
    expect(posted).toHaveLength(3);
  });

  it('schedules without asking; the server’s message for the time goes by its field with focus', async () => {
    saves.push(() => refused(400, { sendAt: 'Choose a time in the future.' }));
    renderPage(<StaffAnnouncementPage />, {
      path: '/staff/announcements/new',
      pattern: '/staff/announcements/new',
    });
    const form = within(await screen.findByRole('form', { name: 'New announcement' }));
    fireEvent.click(form.getByRole('textbox', { name: /^Sessions/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Acorn Room' }));
    fireEvent.change(form.getByRole('textbox', { name: /^Title/ }), { target: { value: 'Bean planting' } });
    fireEvent.change(form.getByRole('textbox', { name: /^Email/ }), { target: { value: 'Bring a pot.' } });
    fireEvent.click(form.getByRole('radio', { name: /At a time I choose/ }));

    // No time chosen yet: the form says so by the field.
    fireEvent.click(form.getByRole('button', { name: 'Schedule' }));
    const sendAt = await form.findByLabelText(/^Send on/);
    await waitFor(() => expect(sendAt).toHaveFocus());
    expect(sendAt).toHaveAccessibleDescription(/Choose the day and time/);
    expect(posted).toEqual([]);

    fireEvent.change(sendAt, { target: { value: '2020-01-15T09:00' } });
    fireEvent.click(form.getByRole('button', { name: 'Schedule' }));
    expect(await form.findByText('Choose a time in the future.')).toBeVisible();
    await waitFor(() => expect(sendAt).toHaveFocus());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posted).toHaveLength(1);
  });
});
