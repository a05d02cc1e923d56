import type { StaffConversation } from '@lc/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  message,
  OPEN_WINDOW,
  staffConversation,
  TEACHER,
} from '../../features/conversations/test-fixtures.ts';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import StaffConversationPage from './staff-conversation-page.tsx';

/**
 * One family's conversation on the staff side (issue 25): the family and the language they read, the
 * office's status and assignee controls only when the reply says `canManage`, colleagues' messages labelled
 * with their role, and the conversation marked read when the family wrote since.
 */
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  // jsdom lays nothing out, so it has no scrollIntoView; Mantine's select scrolls its chosen option into view.
  Element.prototype.scrollIntoView = () => {};
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const fromFamily = message({ id: 'm-1', mine: false });
const fromTeacher = message({
  id: 'm-2',
  side: 'Center',
  author: TEACHER,
  mine: false,
  body: 'Of course! We will have her ready by the door at 11.',
  created: '2026-11-20T18:30:00.000Z',
});

function serve(conversation: StaffConversation) {
  let current = conversation;
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://center.test');
    const method = init?.method ?? 'GET';
    if (method === 'PATCH' && url.pathname === '/api/staff/conversations/c-1') {
      current = { ...current, ...(JSON.parse(String(init?.body)) as { status: 'Closed' }) };
      return jsonReply(200, current);
    }
    if (method === 'POST' && url.pathname === '/api/staff/conversations/c-1/read') return jsonReply(204);
    if (url.pathname === '/api/staff/conversations/c-1') return jsonReply(200, current);
    return jsonReply(404, { error: 'Not Found', message: 'Not found.', requestId: 'r' });
  });
}

const requests = (method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) =>
      new URL(String(url), 'http://center.test').pathname === path && (init?.method ?? 'GET') === method,
  );

const open = () =>
  renderPage(<StaffConversationPage />, { path: '/staff/messages/c-1', pattern: '/staff/messages/:id' });

describe('a conversation on the staff side', () => {
  it('shows a teacher without the inbox the family and the messages, with no status or assignee controls', async () => {
    serve(staffConversation({ canManage: false, messages: [fromFamily, fromTeacher] }));
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Imani Okonkwo and Chidi Okonkwo' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Reads Spanish')).toBeInTheDocument();
    expect(screen.getByText('Children: Zuri')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'The family’s page' })).toHaveAttribute(
      'href',
      '/staff/families/p-1',
    );
    expect(screen.getByRole('article', { name: /^Imani Okonkwo Nov 20, 9:00 AM/ })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: /^Ana Rivera · Teacher/ })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Status' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Assigned to' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Where we are' })).toBeNull();
    // The composer is there for everyone who may read it.
    expect(screen.getByRole('textbox', { name: /^Message/ })).toBeInTheDocument();
  });

  it('gives the office the status and assignee, and saves a new status', async () => {
    serve(staffConversation({ canManage: true, messages: [fromFamily] }));
    open();
    const handling = await screen.findByRole('region', { name: 'Where we are' });
    const status = within(handling).getByRole('textbox', { name: 'Status' });
    expect(status).toHaveValue('New');
    expect(within(handling).getByRole('textbox', { name: 'Assigned to' })).toHaveValue('Nobody yet');

    fireEvent.click(status);
    fireEvent.click(await screen.findByRole('option', { name: 'Closed' }));
    expect(await screen.findByText('Marked as Closed.')).toBeInTheDocument();
    expect(JSON.parse(String(requests('PATCH', '/api/staff/conversations/c-1')[0]?.[1]?.body))).toEqual({
      status: 'Closed',
    });
    await waitFor(() =>
      expect(within(handling).getByRole('textbox', { name: 'Status' })).toHaveValue('Closed'),
    );
  });

  it('marks the conversation read up to the newest message when the family wrote since the reader last read', async () => {
    serve(staffConversation({ messages: [fromFamily, fromTeacher], readers: [] }));
    open();
    await waitFor(() => expect(requests('POST', '/api/staff/conversations/c-1/read')).toHaveLength(1));
    expect(JSON.parse(String(requests('POST', '/api/staff/conversations/c-1/read')[0]?.[1]?.body))).toEqual({
      lastMessageId: 'm-2',
    });
  });

  it('lets the writer edit their own message only inside the window', async () => {
    serve(
      staffConversation({
        messages: [
          fromFamily,
          message({ id: 'm-3', side: 'Center', author: TEACHER, mine: true, editableUntil: OPEN_WINDOW }),
        ],
      }),
    );
    open();
    const mine = await screen.findByRole('article', { name: /^You/ });
    expect(within(mine).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    const theirs = screen.getByRole('article', { name: /^Imani Okonkwo/ });
    expect(within(theirs).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('reads in Spanish for a staff member who chose it', async () => {
    await act(() => i18n.changeLanguage('es'));
    serve(staffConversation({ canManage: true, messages: [fromTeacher] }));
    open();
    expect(await screen.findByText('Lee en español')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'En qué punto estamos' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: /^Ana Rivera · Docente/ })).toBeInTheDocument();
  });
});
