import type { StaffConversationList, StaffConversationRow } from '@lc/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staffConversation } from '../../features/conversations/test-fixtures.ts';
import { StaffNav } from '../../features/staff-shell/staff-nav.tsx';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import StaffMessagesPage from './staff-messages-page.tsx';

/**
 * The staff's Messages list (issue 25; decision 030): the families' conversations with their unread counts,
 * filtered by status, "Unread only" and a search, each kept in the address and sent to the API; and the
 * sidebar's "Messages" link with its count, for a teacher too.
 */
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  // jsdom lays nothing out, so it has no scrollIntoView; Mantine's select scrolls its chosen option into view.
  Element.prototype.scrollIntoView = () => {};
});
afterEach(() => vi.unstubAllGlobals());

const { family } = staffConversation();
const row: StaffConversationRow = {
  id: 'c-1',
  family,
  status: 'New',
  assignee: { id: 'd-1', firstName: 'Elena', lastName: 'Okafor' },
  lastMessage: {
    preview: 'Zuri has a dentist appointment on Friday…',
    side: 'Family',
    created: '2026-11-20T17:00:00.000Z',
  },
  unread: 2,
};
const list = (items: StaffConversationRow[]): StaffConversationList => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 25,
});

/** The list's requests, as the search parameters they carried. */
const listRequests = () =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://center.test'))
    .filter((url) => url.pathname === '/api/staff/conversations');

describe('the staff’s Messages list', () => {
  it('lists each family with children, last message, status, assignee and unread count', async () => {
    fetchMock.mockImplementation(async () => jsonReply(200, list([row])));
    renderPage(<StaffMessagesPage />, { path: '/staff/messages' });
    const table = await screen.findByRole('region', { name: 'Conversations table' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Family', 'Children', 'Last message', 'Status', 'Assigned to', 'Unread']);
    const link = within(table).getByRole('link', { name: 'Imani Okonkwo and Chidi Okonkwo' });
    expect(link).toHaveAttribute('href', '/staff/messages/c-1');
    const cells = within(table).getAllByRole('row')[1]!.querySelectorAll('th, td');
    expect([...cells].map((cell) => cell.textContent)).toEqual([
      'Imani Okonkwo and Chidi OkonkwoReads Spanish',
      'Zuri',
      'Zuri has a dentist appointment on Friday…Family · Nov 20, 9:00 AM',
      'New',
      'Elena Okafor',
      '2',
    ]);
    expect(screen.getByText('1 conversation')).toBeInTheDocument();
  });

  it('keeps the status, “Unread only” and the search in the address, and asks the API for them', async () => {
    fetchMock.mockImplementation(async () => jsonReply(200, list([])));
    const { router } = renderPage(<StaffMessagesPage />, { path: '/staff/messages' });
    expect(
      await screen.findByText(/^No family has written yet\. Conversations appear here when a family writes/),
    ).toBeInTheDocument();

    fireEvent.click(screen.getByRole('textbox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'New' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=New'));

    fireEvent.click(screen.getByRole('checkbox', { name: 'Unread only' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=New&unread=true'));

    fireEvent.change(screen.getByRole('textbox', { name: 'Search conversations' }), {
      target: { value: ' dentist ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=New&unread=true&q=dentist'));

    await waitFor(() =>
      expect(
        listRequests().some(
          (url) =>
            url.searchParams.get('status') === 'New' &&
            url.searchParams.get('unread') === 'true' &&
            url.searchParams.get('q') === 'dentist',
        ),
      ).toBe(true),
    );
    expect(await screen.findByText(/^No conversation matches these filters\./)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Unread only' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=New&q=dentist'));
  });

  it('opens a filtered list from its address', async () => {
    fetchMock.mockImplementation(async () => jsonReply(200, list([row])));
    renderPage(<StaffMessagesPage />, {
      path: '/staff/messages?status=Closed&unread=true',
      pattern: '/staff/messages',
    });
    await screen.findByRole('region', { name: 'Conversations table' });
    expect(screen.getByRole('textbox', { name: 'Status' })).toHaveValue('Closed');
    expect(screen.getByRole('checkbox', { name: 'Unread only' })).toBeChecked();
    const [first] = listRequests();
    expect(first?.searchParams.get('status')).toBe('Closed');
    expect(first?.searchParams.get('unread')).toBe('true');
  });
});

describe('the staff sidebar’s Messages link', () => {
  it('says how many conversations hold unread messages, for a teacher too', async () => {
    fetchMock.mockImplementation(async (url) => {
      if (String(url) === '/api/staff/conversations/summary')
        return jsonReply(200, { unreadConversations: 3 });
      // A teacher without the inbox: no Inbox link.
      return jsonReply(200, { role: 'Staff', firstName: 'Ana', lastName: 'Rivera', inboxAccess: false });
    });
    renderPage(<StaffNav director={false} onNavigate={() => {}} />, { path: '/staff' });
    const link = await screen.findByRole('link', { name: 'Messages, 3 unread' });
    expect(link).toHaveAttribute('href', '/staff/messages');
    expect(screen.queryByRole('link', { name: /^Inbox/ })).toBeNull();
  });
});
